#!/usr/bin/env node
// The bilingual dictionaries the question ranking bridges languages with (src/web/extract/lexicon.ts):
// FreeDict's, from Debian's `dict-freedict-<from>-<to>` packages, which put them in /usr/share/dictd;
// and the thesauri it finds a question's words' synonyms in (src/web/extract/thesaurus.ts):
// LibreOffice's, from Debian's `mythes-<language>` packages, in /usr/share/mythes. The one list of them; `prepare.mjs` (before `npm start` and `npm test`, so in CI too) installs the
// missing ones through here. No dependencies: it runs before and without node_modules.
// `node scripts/dictionaries.mjs` installs what is missing when it can, else says how.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { aptInstall, canInstall } from './debian-packages.mjs';

/** The folder Debian's packages fill, which the ranking reads unless QUARRY_DICTIONARIES names another. */
const FOLDER = '/usr/share/dictd';

/**
 * Every pair Debian packages among English, German, French, Spanish, Italian, Dutch, Polish,
 * Portuguese, Russian and Japanese (61 of the 90; a pair missing one way is read the other way round,
 * or through English, German or French), and those between English and the other languages the
 * ranking stems that Debian has (24 for 14 languages).
 */
export const DICTIONARY_PAIRS = [
  ...['deu-eng', 'deu-fra', 'deu-ita', 'deu-nld', 'deu-pol', 'deu-por', 'deu-spa'],
  ...['eng-deu', 'eng-fra', 'eng-ita', 'eng-nld', 'eng-pol', 'eng-por', 'eng-spa'],
  ...['fra-deu', 'fra-eng', 'fra-ita', 'fra-nld', 'fra-pol', 'fra-por', 'fra-spa'],
  ...['ita-deu', 'ita-eng', 'ita-pol', 'ita-por', 'ita-spa'],
  ...['nld-deu', 'nld-eng', 'nld-fra', 'nld-ita', 'nld-pol', 'nld-por', 'nld-spa'],
  ...['pol-deu', 'pol-eng', 'pol-fra', 'pol-ita', 'pol-nld', 'pol-por', 'pol-spa'],
  ...['por-deu', 'por-eng', 'por-fra', 'por-spa'],
  ...['spa-deu', 'spa-eng', 'spa-por'],
  ...['deu-rus', 'eng-rus', 'fra-rus', 'ita-rus', 'nld-rus', 'pol-rus'],
  ...['eng-jpn', 'fra-jpn', 'ita-jpn', 'pol-jpn', 'jpn-deu', 'jpn-eng', 'jpn-fra', 'jpn-rus'],
  ...['ara-eng', 'eng-ara', 'ces-eng', 'eng-ces', 'dan-eng', 'eng-dan', 'ell-eng', 'eng-ell'],
  ...['fin-eng', 'eng-fin', 'gle-eng', 'eng-gle', 'hun-eng', 'eng-hun', 'lit-eng', 'eng-lit'],
  ...['swe-eng', 'eng-swe', 'tur-eng', 'eng-tur', 'slk-eng', 'eng-bul', 'eng-ind', 'eng-nor'],
];

/** The folder Debian's thesauri fill, which the ranking reads unless QUARRY_THESAURI names another. */
const THESAURUS_FOLDER = '/usr/share/mythes';

/**
 * Debian's thesaurus packages, each with the index file it installs: every language the ranking stems
 * whose package needs no more than `dictionaries-common` (Polish's needs LibreOffice itself; Dutch has
 * none).
 */
export const THESAURUS_PACKAGES = {
  'mythes-en-us': 'th_en_US_v2',
  'mythes-de': 'th_de_DE_v2',
  'mythes-fr': 'thes_fr',
  'mythes-es': 'th_es_ES_v2',
  'mythes-it': 'th_it_IT_v2',
  'mythes-pt-pt': 'th_pt_PT_v2',
  'mythes-ru': 'th_ru_RU_v2',
  'mythes-cs': 'th_cs_CZ_v2',
  'mythes-da': 'th_da_DK',
  'mythes-sv': 'th_sv_SE_v2',
  'mythes-no': 'th_nb_NO_v2',
  'mythes-hu': 'th_hu_HU_v2',
  'mythes-ro': 'th_ro_RO_v2',
  'mythes-sk': 'th_sk_SK_v2',
  'mythes-sl': 'th_sl_SI_v2',
  'mythes-uk': 'th_uk_UA_v2',
  'mythes-bg': 'th_bg_BG_v2',
  'mythes-ca': 'th_ca_ES_v3',
};

/** The Debian packages of the pairs not in /usr/share/dictd. */
export function missingDictionaryPackages() {
  return DICTIONARY_PAIRS.filter((pair) => !existsSync(`${FOLDER}/freedict-${pair}.index`)).map(
    (pair) => `dict-freedict-${pair}`,
  );
}

/** The Debian packages of the thesauri not in /usr/share/mythes. */
export function missingThesaurusPackages() {
  return Object.entries(THESAURUS_PACKAGES)
    .filter(([, file]) => !existsSync(`${THESAURUS_FOLDER}/${file}.idx`))
    .map(([name]) => name);
}

/**
 * Installs the missing dictionaries and thesauri as root where apt-get is (one line says so), else says
 * in one line that cross-language bridging and synonyms are off (or partial) and how to turn them on.
 * Says nothing when they are all there; leaves the dictionaries alone when QUARRY_DICTIONARIES, and the
 * thesauri when QUARRY_THESAURI, names a folder of the operator's own.
 */
export function ensureDictionaries({ log = (line) => console.error(line) } = {}) {
  const dictionaries = process.env.QUARRY_DICTIONARIES === undefined ? missingDictionaryPackages() : [];
  const thesauri = process.env.QUARRY_THESAURI === undefined ? missingThesaurusPackages() : [];
  const missing = [...dictionaries, ...thesauri];
  if (missing.length === 0) return;
  if (process.env.QUARRY_SKIP_INSTALL !== '1' && canInstall()) {
    log(
      `[quarry] installing ${dictionaries.length} FreeDict dictionaries and ${thesauri.length} thesauri for questions asked in another language than the page's or in other words (apt-get install dict-freedict-* mythes-*)...`,
    );
    if (aptInstall(missing)) return;
    log(
      '[quarry] installing the dictionaries and thesauri failed (see above); cross-language bridging and synonyms stay off where they are missing.',
    );
    return;
  }
  const parts = [];
  if (dictionaries.length > 0)
    parts.push(
      `cross-language question bridging is ${
        dictionaries.length === DICTIONARY_PAIRS.length
          ? 'off (no FreeDict dictionary is installed)'
          : `partial (${dictionaries.length} of ${DICTIONARY_PAIRS.length} FreeDict pairs are missing)`
      }`,
    );
  if (thesauri.length > 0)
    parts.push(
      `question synonyms are ${
        thesauri.length === Object.keys(THESAURUS_PACKAGES).length
          ? 'off (no thesaurus is installed)'
          : `partial (${thesauri.length} thesauri are missing)`
      }`,
    );
  log(
    `[quarry] ${parts.join('; ')}: as root, \`node scripts/dictionaries.mjs\` installs them (apt-get install dict-freedict-* mythes-*), or set QUARRY_DICTIONARIES and QUARRY_THESAURI to folders of dictd and MyThes files.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureDictionaries();
