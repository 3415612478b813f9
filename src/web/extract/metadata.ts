// A page's own title, picture and publication date, from its head (meta tags, JSON-LD) and, for the
// date, from other marks of the article's own date. Dates follow the product's rules (`isoDate`):
// precision first, never a guess.
import { DATE_META_TAGS, dayOf, isoDate } from '../../providers/dates.ts';
import {
  absoluteUrl,
  attribute,
  classAndId,
  findAll,
  isElement,
  textOf,
  within,
  type AnyNode,
  type Element,
} from './dom.ts';
import { boilerplateMark } from './boilerplate-names.ts';
import { collectBlocks, type TextBlock } from './text-blocks.ts';
import {
  confirmedOrder,
  writtenDateOnly,
  writtenDates,
  type NumericOrder,
  type WrittenDate,
} from './written-dates.ts';

/** Other meta tags that name the publication day plainly; read after JSON-LD. */
const OTHER_DATE_META = [
  'dcterms.date',
  'dc.date.issued',
  'dcterms.created',
  'dcterms.issued',
  'dc.date.created',
  'publish-date',
  'publish_date',
  'publishdate',
  'publication_date',
  'published_time',
  'published-date',
  'date_published',
  'sailthru.date',
  'parsely-pub-date',
  'article.published',
  'article_date_original',
  'cxenseparse:recs:publishtime',
  'originalpublicationdate',
  'dc.date.issued',
  'citation_publication_date',
  'citation_date',
  'datecreated',
  'uploaddate',
  // Names other publishers' systems give the same day (Open Graph and Dublin Core variants, news
  // systems' own); the ones that date a page's generation (`gentime`, `timestamp`) or a video are left out.
  'article:published',
  'article:published_date',
  'article:publicationdate',
  'article:post_date',
  'og:article:published',
  'og:article:published_time',
  'og:datepublished',
  'og:pubdate',
  'og:publish_date',
  'dc.date.publication',
  'dc:date',
  'dc:created',
  'dc.created',
  'dcsext.articlefirstpublished',
  'rnews:datepublished',
  'shareaholic:article_published_time',
  'bt:pubdate',
  'rbpubdate',
  'publish_time',
  'published_date',
  'publisheddate',
  'dateposted',
  'date_created',
  'content_create_date',
  'displaydate',
  'pdate',
  'ptime',
  'article.created',
  'analyticsattributes.articledate',
  'mediator_published_time',
  'twt-published-at',
  'vr:published_time',
  'prism.publicationdate',
  'citation_online_date',
] as const;

const ARTICLE_TYPES = /(?:article|posting|report|news|review|blog|story|recipe|video|podcast|creativework)/i;

export interface PageHead {
  /** Meta tags by lower-cased name/property/itemprop, every value in document order. */
  meta: Map<string, string[]>;
  /** Parsed JSON-LD objects, flattened (`@graph` and arrays opened). */
  jsonLd: Record<string, unknown>[];
  /** `<title>` text. */
  documentTitle: string;
}

export function readHead(root: AnyNode): PageHead {
  const meta = new Map<string, string[]>();
  const jsonLd: Record<string, unknown>[] = [];
  let documentTitle = '';
  const visit = (node: AnyNode): void => {
    if (!('children' in node)) return;
    for (const child of node.children) {
      if (!isElement(child)) continue;
      if (child.name === 'meta') {
        const content = child.attribs.content ?? child.attribs.value;
        if (content === undefined) continue;
        for (const key of ['property', 'name', 'itemprop', 'http-equiv']) {
          const name = child.attribs[key];
          if (!name) continue;
          for (const single of name.toLowerCase().split(/\s+/)) {
            if (!single) continue;
            const values = meta.get(single);
            if (values) values.push(content);
            else meta.set(single, [content]);
          }
        }
        continue;
      }
      if (child.name === 'title' && !documentTitle && !insideSvg(child)) {
        documentTitle = textOf(child);
        continue;
      }
      if (child.name === 'script') {
        if (attribute(child, 'type').toLowerCase().includes('ld+json'))
          collectJsonLd(scriptText(child), jsonLd);
        continue;
      }
      if (child.name === 'style') continue;
      visit(child);
    }
  };
  visit(root);
  return { meta, jsonLd, documentTitle };
}

function scriptText(element: Element): string {
  let text = '';
  for (const child of element.children) if (child.type === 'text') text += child.data;
  return text;
}

/** `"datePublished": "…"` read from JSON-LD too broken to parse (it happens: stray commas, comments). */
const LOOSE_DATE_PUBLISHED = /"datePublished"\s*:\s*"([^"]{8,64})"/g;

function insideSvg(element: Element): boolean {
  let current = element.parent;
  while (current && current.type !== 'root') {
    if ((current as Element).name === 'svg') return true;
    current = current.parent;
  }
  return false;
}

function collectJsonLd(source: string, into: Record<string, unknown>[]): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    // Pages often put raw line breaks inside strings; JSON forbids them, the meaning survives.
    try {
      parsed = JSON.parse(source.replace(/[\n\r\t]+/g, ' '));
    } catch {
      for (const match of source.matchAll(LOOSE_DATE_PUBLISHED)) into.push({ datePublished: match[1] });
      return;
    }
  }
  const open = (value: unknown, depth: number): void => {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) open(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    into.push(record);
    if (record['@graph']) open(record['@graph'], depth + 1);
    if (record.mainEntity && typeof record.mainEntity === 'object') open(record.mainEntity, depth + 1);
  };
  open(parsed, 0);
}

function firstMeta(head: PageHead, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = head.meta.get(name)?.find((candidate) => candidate.trim() !== '');
    if (value) return value.replace(/\s+/g, ' ').trim();
  }
  return undefined;
}

function jsonLdType(record: Record<string, unknown>): string {
  const type = record['@type'];
  return Array.isArray(type) ? type.join(' ') : typeof type === 'string' ? type : '';
}

// ---------------------------------------------------------------------------------------------- title

const TITLE_SEPARATORS = /\s+(?:[|\-–—»·:/\\]|::)\s+/;

/** The page's title: its own headline (og:title, JSON-LD), else `<title>` without the site's name. */
export function pageTitle(head: PageHead, root: AnyNode): string {
  const fromMeta = firstMeta(head, ['og:title', 'twitter:title', 'dc.title', 'title']);
  if (fromMeta) return fromMeta;
  for (const record of head.jsonLd) {
    if (
      ARTICLE_TYPES.test(jsonLdType(record)) &&
      typeof record.headline === 'string' &&
      record.headline.trim()
    ) {
      return record.headline.replace(/\s+/g, ' ').trim();
    }
  }
  const documentTitle = head.documentTitle;
  const headings = findAll(root, (element) => element.name === 'h1')
    .map(textOf)
    .filter(Boolean);
  if (documentTitle) {
    // "Headline | Site": keep the headline when a heading on the page confirms it, else the longest piece.
    const pieces = documentTitle.split(TITLE_SEPARATORS).filter(Boolean);
    if (pieces.length > 1) {
      const confirmed = pieces.find((piece) => headings.some((heading) => heading.includes(piece)));
      if (confirmed) return confirmed;
      const longest = pieces.reduce((a, b) => (b.length > a.length ? b : a));
      if (longest.split(' ').length >= 3) return longest;
    }
    return documentTitle;
  }
  return headings[0] ?? '';
}

// -------------------------------------------------------------------------------------------- picture

/** The page's language tag as it states it: `<html lang>`, else the language meta tags. */
export function pageLanguage(head: PageHead, root: AnyNode): string | undefined {
  if ('children' in root) {
    for (const child of root.children) {
      if (isElement(child) && child.name === 'html') {
        const lang = child.attribs.lang ?? child.attribs['xml:lang'];
        if (lang?.trim()) return lang.trim();
      }
    }
  }
  for (const name of ['content-language', 'language', 'dc.language', 'og:locale', 'inlanguage']) {
    const value = head.meta.get(name)?.[0]?.trim();
    if (value) return value;
  }
  return undefined;
}

/** The page's own picture (`og:image`, then twitter:image), made absolute. */
export function pageImage(head: PageHead, url: string): string | undefined {
  const value = firstMeta(head, [
    'og:image',
    'og:image:url',
    'og:image:secure_url',
    'twitter:image',
    'twitter:image:src',
  ]);
  return value ? absoluteUrl(value, url) : undefined;
}

// ----------------------------------------------------------------------------------------------- date

/** What reading a date needs besides the value: the present (no future dates) and the page's language. */
interface DateContext {
  now: number;
  /** The page's language tag: settles month names and numeric orders that differ between languages. */
  language?: string;
  /** How the page orders `05/11/2023`: its language's order, unless its own days contradict it. */
  order: () => NumericOrder;
}

function dateFrom(value: string | undefined, context: DateContext): string | undefined {
  if (!value) return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return isoDate(text, context.now) ?? writtenDateOnly(text, context.language, context.now, context.order);
}

/**
 * The date a text a reader sees states: as `dateFrom`, and also the day of a day written with its time
 * of day but no zone ("5. November 2021, 10:39 Uhr"). That time is no instant, so no time is given;
 * but a day in the page's own words is the day the publisher printed, a calendar day of its own. A
 * machine value without its zone (`2021-11-05T10:39`, often UTC unmarked) stays no date.
 */
function shownDate(value: string | undefined, context: DateContext): string | undefined {
  if (!value) return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return (
    isoDate(text, context.now) ?? writtenDateOnly(text, context.language, context.now, context.order, true)
  );
}

/** Words that introduce a date in a byline ("Published:", "Veröffentlicht am", "Publié le"). */
const DATE_LABEL =
  /^(?:published|posted|date|datum|veröffentlicht|erschienen|publié|publicado|pubblicato|gepubliceerd|stand)(?:\s+(?:on|am|le|el|il|op))?\s*:?\s*/i;

function firstDate(values: readonly (string | undefined)[], context: DateContext): string | undefined {
  for (const value of values) {
    const date = dateFrom(value, context);
    if (date) return date;
  }
  return undefined;
}

const URL_DAY = /[/_-]((?:19|20)\d{2})[/-](0?[1-9]|1[0-2])[/-](0?[1-9]|[12]\d|3[01])(?:[/_.-]|$)/;
const URL_COMPACT_DAY = /[/_-]((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?:[/_.-]|$)/;

/** A full day written in the page's path (`/2019/10/19/`, `/2019-10-19-`, `/story-2019-10-19.html`, `/20191019/`). */
export function urlDate(url: string, now: number): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const match = URL_DAY.exec(path) ?? URL_COMPACT_DAY.exec(path);
  if (!match) return undefined;
  return isoDate(`${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`, now);
}

/**
 * Class and id words that name an element as the publication's date; besides English and German, the
 * words French, Spanish, Italian and Portuguese themes use ("fecha", "parution", "data-pubblicazione").
 */
const PUBLISHED_NAMES =
  /(?:^|[\s_-])(?:published|pubdate|date-?published|publish-?date|publication-?date|post-?date|entry-?date|article-?date|posted-?on|datum|date|fecha|parution|pubblicazione|publicacao|publicado)(?:$|[\s_-])/;
const UPDATED_NAMES = /(?:updated|modified|changed|aktualisiert)/;

/** Where a date mark came from: the meta tag's name, `json-ld`, a kind of body mark, or `url`. */
export interface DateMark {
  source: string;
  date: string;
  /** For JSON-LD: the same object's `dateModified`, when it states one. */
  modified?: string;
  /** For a byline: the line goes on to a revision ("… / Updated 8 hours ago"), so its day is the first one. */
  revised?: boolean;
}

/** A byline's day, and whether its line also tells of a revision. */
interface BylineDay {
  date: string;
  revised: boolean;
}

/**
 * Marks in the page's body that state the article's own date, strongest first: `itemprop="datePublished"`,
 * a `<time>` marked as the publication (`pubdate`, a "published" class) or the first `<time datetime>` in
 * the article's header, an element named like the publication date that holds nothing but a date, and
 * the day every `<time>` on the page agrees on.
 */
function bodyMarks(root: AnyNode, context: DateContext): DateMark[] {
  const marks: DateMark[] = [];
  const add = (source: string, date: string | undefined): void => {
    if (date) marks.push({ source, date });
  };
  const itemprops = findAll(
    root,
    (element) =>
      attribute(element, 'itemprop').toLowerCase() === 'datepublished' && !outsideTheArticle(element),
  );
  for (const element of itemprops) {
    const date =
      firstDate([element.attribs.content, element.attribs.datetime], context) ??
      shownDate(textOf(element), context);
    if (date) {
      add('body:itemprop', date);
      break;
    }
  }
  // A <time> without `datetime` writes its day out ("5. November 2023", "5 ноября 2023 г."): read that.
  const times = findAll(root, (element) => element.name === 'time' && !outsideTheArticle(element));
  const timeDate = (time: Element): string | undefined => {
    const machine = dateFrom(time.attribs.datetime, context);
    const written = shownDate(textOf(time), context);
    // A `datetime` days away from the day the element writes out for its readers dates something else
    // (a revision, the system's own record); a day apart may be the zone, and the instant stays.
    if (machine && written && Math.abs(instantOf(dayOf(machine)) - instantOf(written)) > DAY_MS)
      return written;
    return machine ?? written;
  };
  for (const time of times) {
    if (
      'pubdate' in time.attribs ||
      PUBLISHED_NAMES.test(classAndId(time)) ||
      PUBLISHED_NAMES.test(parentNames(time))
    ) {
      if (UPDATED_NAMES.test(classAndId(time))) continue;
      const date = timeDate(time);
      if (date) {
        add('body:time-published', date);
        break;
      }
    }
  }
  for (const time of times) {
    if (!insideArticleHeader(time) || UPDATED_NAMES.test(classAndId(time) + parentNames(time))) continue;
    const date = timeDate(time);
    if (date) {
      add('body:time-header', date);
      break;
    }
  }
  // An element named as the publication date that holds nothing but a date.
  const named = findAll(
    root,
    (element) =>
      element.name !== 'time' &&
      PUBLISHED_NAMES.test(classAndId(element)) &&
      !UPDATED_NAMES.test(classAndId(element)) &&
      !outsideTheArticle(element),
  );
  // Only the first: later ones date teasers and comments. If it is not a clean date, there is none here.
  const first = named.map(textOf).find((text) => text !== '' && text.length <= 60 && /\d/.test(text));
  // An element named "date" that says "Updated …" dates a revision.
  if (first && !UPDATED_LABEL.test(first))
    add('body:named', shownDate(first.replace(DATE_LABEL, ''), context));
  // Every <time> on the page names the same day: that day is the page's.
  const days = new Set<string>();
  let only: string | undefined;
  for (const time of times) {
    const date = timeDate(time);
    if (date) {
      days.add(dayOf(date));
      only ??= date;
      continue;
    }
    // A <time> the rules cannot date (a time without its zone) still names a day: one the others must agree with.
    const day = /^\d{4}-\d{2}-\d{2}/.exec(time.attribs.datetime ?? '')?.[0];
    const named = day ?? writtenDates(textOf(time), context.language, context.now, context.order)[0]?.date;
    if (named) days.add(named);
  }
  if (days.size === 1) add('body:time-all', only);
  return marks;
}

/**
 * Words that say a line dates the publication, in the languages whose month names are read (and
 * Japanese, Chinese, Korean): "Published", "Veröffentlicht", "Опубликовано", "公開日", … The words for
 * "date" count only as a label, before a colon.
 */
const PUBLISHED_WORDS = [
  'published', 'posted', 'first published', 'publication date', 'date published', 'written',
  'veröffentlicht', 'veröffentlichung', 'erschienen', 'erstellt', 'publiziert', 'erscheinungsdatum',
  'erscheinungstag', 'geschrieben', 'verfasst',
  'publié', 'publiée', 'mis en ligne', 'paru', 'date de publication',
  'publicado', 'publicada', 'fecha de publicación', 'publicación',
  'pubblicato', 'pubblicata', 'data di pubblicazione',
  'publicado em', 'data de publicação',
  'gepubliceerd', 'geplaatst', 'publicatiedatum',
  'opublikowano', 'opublikowany', 'opublikowana', 'dodano', 'data publikacji',
  'publikováno', 'zveřejněno', 'vydáno', 'datum publikace', 'datum vydání',
  'publikované', 'zverejnené', 'uverejnené', 'dátum publikácie',
  'publicerad', 'publicerat', 'publicerades', 'publiceret', 'udgivet', 'offentliggjort', 'publisert',
  'julkaistu', 'julkaisupäivä', 'közzétéve', 'publikálva', 'megjelent', 'megjelenés',
  'publicat', 'publicată', 'publicada', 'data publicării',
  'yayınlanma', 'yayınlandı', 'yayın tarihi', 'yayımlanma',
  'опубликовано', 'опубликован', 'опубликована', 'размещено', 'дата публикации',
  'опубліковано', 'дата публікації', 'публикувано', 'објављено',
  'δημοσιεύθηκε', 'δημοσιεύτηκε', 'δημοσίευση',
  'objavljeno', 'datum objave', 'paskelbta', 'publikuota', 'publicēts', 'publicēta', 'avaldatud',
  'diterbitkan', 'dipublikasikan', 'نشر', 'نشرت', 'نشر في', 'تاريخ النشر', 'פורסם', 'תאריך פרסום',
  'منتشر شده', 'تاریخ انتشار', 'प्रकाशित',
  // The other languages whose month names are read, and Vietnamese, whose days are numeric.
  'đăng', 'ngày đăng', 'xuất bản', 'publikuar', 'botuar', 'birt', 'birtist', 'foilsithe', 'cyhoeddwyd',
  'argitaratua', 'објавено', 'апублікавана', 'апублікаваны', 'gepubliseer', 'imechapishwa',
  'inilathala', 'dərc edilib', 'yayımlanıb', 'жарияланды', 'жарияланған', 'გამოქვეყნდა',
  'հրապարակվել', 'প্রকাশিত', 'வெளியிடப்பட்டது', 'شائع', 'ippubblikat', 'publizéiert',
] as const; // prettier-ignore
/** "Date" in those languages: a label only when a colon follows ("Datum: 5. 11. 2023"). */
const DATE_WORDS = [
  'date', 'datum', 'fecha', 'data', 'dato', 'dátum', 'дата', 'tarih', 'päivämäärä', 'ημερομηνία',
] as const; // prettier-ignore
/** Japanese, Chinese and Korean labels: these scripts put no space around words. */
const EAST_ASIAN_PUBLISHED_WORDS = [
  '公開日', '投稿日', '掲載日', '配信日', '发布时间', '发布日期', '发布于', '發佈時間', '發布時間', '發佈於',
  '发表于', '發表於', '发表时间', '게시일', '작성일', '등록일', '입력',
  // Thai writes no space between words either.
  'เผยแพร่', 'วันที่เผยแพร่',
] as const; // prettier-ignore
/** Words that say a line dates a revision: such a line is not the publication's. */
const UPDATED_WORDS = [
  'updated', 'update', 'last modified', 'modified', 'revised', 'edited',
  'aktualisiert', 'aktualisierung', 'geändert', 'zuletzt bearbeitet',
  'mis à jour', 'mise à jour', 'modifié', 'actualisé',
  'actualizado', 'actualizada', 'actualización', 'modificado',
  'aggiornato', 'aggiornata', 'aggiornamento', 'modificato',
  'atualizado', 'atualizada', 'atualização',
  'bijgewerkt', 'gewijzigd', 'laatst gewijzigd',
  'zaktualizowano', 'aktualizacja', 'zmodyfikowano', 'zmieniono',
  'aktualizováno', 'aktualizace', 'upraveno', 'aktualizované', 'aktualizácia',
  'uppdaterad', 'uppdaterat', 'uppdaterades', 'ändrad', 'opdateret', 'ændret', 'oppdatert', 'endret',
  'päivitetty', 'frissítve', 'módosítva', 'frissítés',
  'actualizat', 'actualizată', 'modificat',
  'güncellendi', 'güncelleme', 'güncellenme',
  'обновлено', 'обновлен', 'изменено', 'обновление', 'оновлено', 'змінено', 'обновено', 'актуализирано',
  'ажурирано', 'измењено', 'ενημερώθηκε', 'ενημέρωση', 'τροποποιήθηκε',
  'ažurirano', 'izmijenjeno', 'posodobljeno', 'zadnja izmjena',
  'atnaujinta', 'atjaunināts', 'uuendatud', 'muudetud',
  'actualitzat', 'actualitzada', 'diperbarui', 'تحديث', 'آخر تحديث', 'تم التحديث', 'עודכן',
  'به‌روزرسانی', 'अपडेट', 'अद्यतन',
  'cập nhật', 'përditësuar', 'uppfært', 'bygewerk', 'imesasishwa', 'yeniləndi', 'жаңартылды',
  'განახლდა', 'թարմացվել', 'আপডেট', 'புதுப்பிக்கப்பட்டது', 'اپ ڈیٹ', 'aġġornat', 'aktualiséiert',
] as const; // prettier-ignore
const EAST_ASIAN_UPDATED_WORDS = ['更新', '修改', '수정', '업데이트', 'อัปเดต', 'ปรับปรุง'] as const;

function escaped(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
}

/** Any of the words as a whole word (or, for the East Asian ones, anywhere). */
function labelPattern(words: readonly string[], eastAsian: readonly string[], extra = ''): RegExp {
  const alternatives = [...words].sort((a, b) => b.length - a.length).map(escaped);
  if (extra) alternatives.push(extra);
  return new RegExp(
    `(?:(?:^|[^\\p{L}])(?:${alternatives.join('|')})(?![\\p{L}])|${eastAsian.map(escaped).join('|')})`,
    'iu',
  );
}

/**
 * German news pages' "Stand:" ("as of"): the day the text stands at, the one such pages show for the
 * article. A label only before a colon, since the word is also a noun ("der Stand der Dinge").
 */
const AS_OF_WORDS = ['stand'] as const;
const PUBLISHED_LABEL = labelPattern(
  PUBLISHED_WORDS,
  EAST_ASIAN_PUBLISHED_WORDS,
  `(?:${[...DATE_WORDS, ...AS_OF_WORDS].join('|')})(?=\\s*:)`,
);
const UPDATED_LABEL = labelPattern(UPDATED_WORDS, EAST_ASIAN_UPDATED_WORDS);
/** A kicker's day stands right above the title: the site's "today" stands further up, above the menus. */
const PRE_TITLE_BLOCKS = 1;
/**
 * Whether an element shares the title's own container (a kicker's day, a sibling of the heading), as
 * opposed to the page's header, where a site shows today's date: a container that is the page's body
 * holds everything, so it proves nothing.
 */
function besideTheTitle(element: Element, title: Element): boolean {
  const parent = title.parent;
  if (!parent || parent.type === 'root' || element.parent !== parent) return false;
  const name = (parent as Element).name;
  return name !== 'body' && name !== 'html';
}

/** A link to the site's front page: no path beyond the root, or its index page. */
const FRONT_PAGE_PATH = /^\/?(?:index\.\w+)?$/;

/**
 * Whether a top heading is the site's name in its banner (beside today's date) rather than an article's
 * title: mostly a link, and the link goes to the front page. A title that links to its own article
 * (blog themes' `<h1><a href="/2014/01/17/title/" rel="bookmark">`) is still the article's.
 */
function siteNameHeading(title: TextBlock): boolean {
  if (title.linkChars / title.chars <= 0.5) return false;
  const link = findAll(
    title.owner,
    (element) => element.name === 'a' && element.attribs.href !== undefined,
  )[0];
  if (!link) return true;
  const href = link.attribs.href!.trim();
  let path: string;
  try {
    path = new URL(href, 'https://site.invalid/').pathname;
  } catch {
    return true;
  }
  return FRONT_PAGE_PATH.test(path);
}

/** Lower case, letters and digits only, for telling whether a heading is the page's title. */
function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Which blocks are the article's title: the first heading that is the page's own title (`og:title`,
 * the `<title>`'s headline), at whatever level, where the `<h1>` is something else (the site's name in
 * its banner); else the top headings.
 */
function titleTest(blocks: readonly TextBlock[], pageTitleText: string): (block: TextBlock) => boolean {
  const top = (block: TextBlock): boolean => block.kind === 'heading' && block.level === 1;
  const wanted = comparable(pageTitleText);
  const title = wanted
    ? blocks.find((block) => block.kind === 'heading' && comparable(block.text) === wanted)
    : undefined;
  if (title && title.level !== 1) return (block) => block === title;
  if (blocks.some(top)) return top;
  return (block) => block === title;
}

/** Bylines stand right under the title: a line this many blocks after it is still the title's. */
const NEAR_TITLE_BLOCKS = 4;
/** Words that introduce an author: "By", "Von", "Par", "Por", "Di", "Door", "Av", "Przez", "Автор", "Από". */
const AUTHOR_WORDS =
  /^(?:by|von|par|por|di|door|av|af|przez|autor|author|text|texte|texto|testo|tekst|автор|від|από|yazan|írta)(?![\p{L}])/iu;
/** Between an author's name and the day: a separator (`|`, `·`, `•`, `/`, a dash) or a comma. */
const SEPARATOR_BEFORE_DATE = /[|·•/–—,-]\s*$/u;
/** After the day, nothing but punctuation (a time of day is judged apart). */
const NOTHING_AFTER_DATE = /^[\s.,;|)\]]*$/u;

/**
 * "Anna Schmidt | 5 November 2023", "Von Olga, 06.11.2023": a short line under the title that names
 * its author and ends with its one day. The author's words or a separator must stand before the day,
 * so a sentence that ends with a date ("The vote was moved to 5 May 2023.") is not one.
 */
function authorBeforeDate(text: string, date: WrittenDate): boolean {
  const before = text.slice(0, date.index);
  const after = text.slice(date.end);
  if (!NOTHING_AFTER_DATE.test(after) && !TIME_AFTER.test(after)) return false;
  return AUTHOR_WORDS.test(before.trim()) || SEPARATOR_BEFORE_DATE.test(before) || AUTHOR_NAME.test(before);
}
/**
 * A name alone before the day, its words capitalised ("Tanja Karrasch 3.11.2023", where markup alone
 * parted them): a sentence that ends with a date has words in lower case.
 */
const AUTHOR_NAME = /^\s*\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3}\s+$/u;

/** A dateline's place: one to three capitalised words ("BERLIN", "Karlsruhe", "New York"). */
const DATELINE_PLACE = /^\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,2}\s*[,(/]\s*\(?\s*$/u;
/** What ends a dateline's day: a dash, a colon, a closing parenthesis or a full stop. */
const DATELINE_END = /^\s*\)?\s*[-–—:.)]/u;

/**
 * A press release or agency story opens its first paragraph with a dateline, "Karlsruhe, (12.11.2021).
 * Traditionell …", "BERLIN, 5. November 2023 – Die …": place, day, then the story. Read only in the
 * first paragraphs under the title, and only when the day stands between the place and a dash or stop.
 */
function datelineDate(block: TextBlock, context: DateContext): string | undefined {
  if (block.kind !== 'paragraph') return undefined;
  const text = block.text.replace(/\s+/g, ' ');
  const first = writtenDates(text.slice(0, DATELINE_SEARCH), context.language, context.now, context.order)[0];
  if (!first) return undefined;
  // A time of day may follow the day ("BERLIN, 5. November 2023, 10:30 Uhr – …"): the day is still the dateline's.
  const rest = text.slice(first.end);
  const after = rest.slice(TIME_AFTER.exec(rest)?.[0].length ?? 0).replace(TIME_UNIT_AFTER, '');
  // Without a place, the day opens the paragraph and a dash follows ("29.11.2022 – Die Branche …").
  if (first.index === 0) return PLACELESS_DATELINE_END.test(after) ? first.date : undefined;
  if (!DATELINE_PLACE.test(text.slice(0, first.index))) return undefined;
  return DATELINE_END.test(after) ? first.date : undefined;
}
/**
 * A dateline with no place ends its day with a dash only: a colon or a stop after a paragraph's first
 * day opens a diary's or an agenda's entry ("5 May 2023: the vote …").
 */
const PLACELESS_DATELINE_END = /^\s*[–—-]\s/u;
/** What may close a time of day: "Uhr", "h", "am"/"pm", a zone ("MEZ", "GMT+1"). */
const TIME_UNIT_AFTER =
  /^(?::\d{2})?\s*(?:[aApP]\.?\s?[mM]\.?|\p{L}{1,4}\.?(?:[+-]\d{1,2})?)?(?=[\s)–—:.-])/u;
/** A dateline stands at the very start of its paragraph. */
const DATELINE_SEARCH = 60;

/** Something shaped like a day: numbers with separators around a year, or a number, a word, a year. */
const UNREAD_DAY =
  /\d{1,2}[./-]\d{1,2}[./-]\d{4}|\d{4}[./-]\d{1,2}[./-]\d{1,2}|\d{1,2}\.?\s+\p{L}{3,}\.?,?\s+\d{4}/u;

/** Before a line's leading day, a weekday at most ("Sa., 06.11.2023", "Monday 6 November 2023"). */
const BEFORE_LEADING_DATE = /^(?:\p{L}{2,12}\.?,?\s*)?$/u;
/**
 * A time of day right after the day: "…, 14:09", "um 23:30 Uhr", "à 14h30", "a las 10:30", "o godz.
 * 10:30", "klo 10.30", "@ 10:42 am", "(10:30)", "11:50 AM EST". Named or not, its zone changes nothing
 * here: the day written before it is the publisher's own.
 */
const TIME_AFTER = /^[\s,|·•/@–—(-]*(?:[\p{L}.]{1,6}\s+){0,2}\d{1,2}[:.h]\d{2}/u;
/** Names of a post's meta box (WordPress's "postmetadata", "entry-meta", "post-meta", "entry-footer"). */
const META_NAMES =
  /(?:^|[\s_-])(?:post-?meta(?:data)?|entry-?meta|article-?meta|meta-?data|byline|post-?info|entry-?footer|post-?footer)(?:$|[\s_-])/;
/**
 * A sentence: up to a stop, question or exclamation mark before a space and a capital; a stop after a
 * number is an ordinal's ("3. Dezember") and goes on.
 */
const FIRST_SENTENCE = /^.+?(?<!\d)[.!?](?=\s+\p{Lu})/u;

function metaNamed(element: Element): boolean {
  return META_NAMES.test(classAndId(element)) || META_NAMES.test(parentNames(element));
}

/** A byline is short; a longer block that mentions a date is telling something else. */
const BYLINE_LENGTH = 160;
/** A line that only begins with a date is a byline when it is at most this long. */
const DATED_LINE_LENGTH = 80;
/**
 * Chinese, Japanese and Korean characters each carry about a word, so a line of them is as long as
 * one of Latin letters this many times its length (a word and its space are about four to six letters).
 */
const EAST_ASIAN_CHARACTER_WIDTH = 4;
const EAST_ASIAN_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** A line's length in Latin letters' worth, for comparing with the byline lengths above. */
function lineLength(text: string): number {
  const eastAsian = text.match(EAST_ASIAN_CHARACTER)?.length ?? 0;
  return text.length + eastAsian * (EAST_ASIAN_CHARACTER_WIDTH - 1);
}

/** Where each label of a kind starts in a line. */
const globalLabels = new Map<RegExp, RegExp>();
function labelPositions(text: string, label: RegExp): number[] {
  let global = globalLabels.get(label);
  if (!global) globalLabels.set(label, (global = new RegExp(label.source, 'giu')));
  return [...text.matchAll(global)].map((match) => match.index);
}

/**
 * Whether a line's day is a revision's: the label nearest before the day says "updated". A line that
 * states both ("Published 3 May 2020, updated 5 May 2020", "Aktualisiert: … | Erstellt: …") gives its
 * published day; a day that no label precedes is trusted only when the line mentions no revision.
 */
function datesARevision(text: string, chosen: WrittenDate, dates: readonly WrittenDate[]): boolean {
  const updated = labelPositions(text, UPDATED_LABEL);
  if (updated.length === 0) return false;
  const lastBefore = (positions: number[]): number =>
    Math.max(-1, ...positions.filter((position) => position <= chosen.index));
  const published = lastBefore(labelPositions(text, PUBLISHED_LABEL));
  const revised = lastBefore(updated);
  if (published < 0 && revised < 0 && revisionDayFollows(text, chosen, updated, dates)) return false;
  return published < 0 || revised > published;
}

/**
 * "Von Jan | Oct 24, 2023 | Zuletzt geändert: Nov 7, 2023": a day no label precedes, then a revision's
 * label with its own day. The revision is the later one, so the first day is the publication's; a
 * revision label with no day after it ("5 May 2021, updated") may be naming the first day itself.
 */
function revisionDayFollows(
  text: string,
  chosen: WrittenDate,
  updated: number[],
  dates: readonly WrittenDate[],
): boolean {
  const label = updated.find((position) => position >= chosen.end);
  if (label === undefined) return false;
  // "January 19, 2020 / 12:25 PM / Updated 8 hours ago": a revision's own time, in hours or on the clock.
  return dates.some((date) => date.index > label) || REVISION_TIME.test(text.slice(label));
}
/** A number right after a revision's label: the revision states a time of its own. */
const REVISION_TIME = /^\D{1,30}\d/u;

/** The part of a line before its revision's label: what a byline says of the publication. */
function beforeRevision(text: string, dates: readonly WrittenDate[]): string {
  const first = dates[0];
  if (!first || !revisionDayFollows(text, first, labelPositions(text, UPDATED_LABEL), dates)) return text;
  const label = labelPositions(text, UPDATED_LABEL).find((position) => position >= first.end)!;
  // The revision's phrase starts after the last separator before its label ("| Zuletzt geändert").
  const between = text.slice(first.end, label);
  const separator = Math.max(...[...between.matchAll(/[|·•/–—,;]/gu)].map((match) => match.index), -1);
  return text.slice(0, separator >= 0 ? first.end + separator : label);
}

/**
 * The day a byline states, when the page says it nowhere else: the first short line outside comments
 * and related lists that labels a day as the publication's ("Veröffentlicht am 5. November 2023",
 * "Publié le 12 mars 2020"), or that begins with a day ("06.11.2023 13:30 von Olga") after the
 * article's title, and is not a revision's ("Aktualisiert am …"). Only the first such line counts:
 * later ones date other things.
 */
function bylineDate(
  blocks: readonly TextBlock[],
  context: DateContext,
  pageTitleText = '',
): BylineDay | undefined {
  const isTitle = titleTest(blocks, pageTitleText);
  // A line that is only a date before the article's title is the site's "today", not the article's day.
  let titleSeen = !blocks.some(isTitle);
  let sinceTitle = 0;
  const titleIndex = blocks.findIndex(isTitle);
  // Right above the title, links between ("↓ Zu den Kommentaren", a section's name) do not count.
  for (let index = titleIndex - 1, passed = 0; index >= 0 && passed < PRE_TITLE_BLOCKS; index--) {
    const block = blocks[index]!;
    const title = blocks[titleIndex]!;
    // A heading that links to the front page is the site's name in its banner (beside today's date).
    if (siteNameHeading(title)) break;
    if (block.linkChars / block.chars > 0.5) continue;
    passed++;
    if (!besideTheTitle(block.owner, title.owner) || outsideTheArticle(block.owner)) continue;
    const only = writtenDateOnly(block.text, context.language, context.now, context.order, true);
    if (only) return { date: only, revised: false };
  }
  const header = titleIndex >= 0 ? articleHeader(blocks[titleIndex]!) : undefined;
  const titleArticle = titleIndex >= 0 ? closest(blocks[titleIndex]!.owner, 'article') : undefined;
  for (const block of blocks) {
    sinceTitle++;
    if (isTitle(block)) {
      titleSeen = true;
      sinceTitle = 0;
    }
    if (!FOUR_DIGITS.test(block.text)) continue;
    let text = readableText(block).replace(/\s+/g, ' ');
    if (lineLength(text) > BYLINE_LENGTH) {
      const dateline =
        titleSeen && sinceTitle <= NEAR_TITLE_BLOCKS ? datelineDate(block, context) : undefined;
      if (dateline) return { date: dateline, revised: false };
      // A post's meta box tells its day in a sentence of its own ("This entry was posted on …, and is
      // filed under …. You can follow …"): its first sentence is its byline.
      const first = metaNamed(block.owner) ? FIRST_SENTENCE.exec(text)?.[0] : undefined;
      if (!first || lineLength(first) > BYLINE_LENGTH) continue;
      text = first;
    }
    // Mostly links is a teaser's line, unless it stands in the article's own header, whose byline links
    // its author and section ("Anna Schmidt | 20. Juni 2019 | Aktuell, FinTech").
    // Right under the title, a line whose links name its author ("<a>Tanja Karrasch</a> 3.11.2023") and
    // whose year stands outside them is the byline too: a teaser's link holds its own day.
    if (
      block.linkChars / block.chars > 0.5 &&
      !(header && within(block.owner, header)) &&
      !(titleSeen && sinceTitle <= NEAR_TITLE_BLOCKS && FOUR_DIGITS.test(unlinkedText(block.owner)))
    )
      continue;
    // Right under the title, an aside in the title's <article> holds the article's own details.
    const article = titleSeen && sinceTitle <= NEAR_TITLE_BLOCKS ? titleArticle : undefined;
    const label = PUBLISHED_LABEL.exec(text);
    const allDates = writtenDates(text, context.language, context.now, context.order);
    // A line that names the publication's day and then a revision's reads as its first part.
    const own = beforeRevision(text, allDates);
    const dates = allDates.filter((date) => date.end <= own.length);
    let chosen: WrittenDate | undefined;
    if (
      header &&
      dates.length === 1 &&
      (titleSeen || KICKER_AFTER_DATE.test(text.slice(dates[0]!.end))) &&
      lineLength(text) <= DATED_LINE_LENGTH &&
      within(block.owner, header)
    ) {
      // A short line in the article's own header (title, byline, kicker) with one day: the article's.
      // Longer lines there are captions and teasers, which date what they tell.
      chosen = dates[0];
    } else if (label) {
      chosen = dates.find((date) => date.index >= label.index) ?? dates[0];
    } else if (titleSeen && dates[0] && lineLength(text) <= DATED_LINE_LENGTH) {
      if (BEFORE_LEADING_DATE.test(text.slice(0, dates[0].index))) chosen = dates[0];
      else if (sinceTitle <= NEAR_TITLE_BLOCKS && dates.length === 1 && authorBeforeDate(own, dates[0])) {
        chosen = dates[0];
      }
    }
    // Right under the title (not in it), a byline-long line with one day and few words besides it ("By
    // Ally Mutnick 12/30/2019 05:03 AM EST", "Peter Grimm / 07.11.2023 / 09:30 / Foto: Imago"): the article's.
    if (
      !chosen &&
      !label &&
      titleSeen &&
      sinceTitle >= 1 &&
      sinceTitle <= NEAR_TITLE_BLOCKS &&
      dates.length === 1 &&
      bylineLike(own, dates[0]!)
    )
      chosen = dates[0];
    if (
      !chosen &&
      label &&
      UNREAD_DAY.test(text.slice(label.index)) &&
      !outsideTheArticle(block.owner, article)
    ) {
      // The byline states a day we cannot read (`03/04/2019` on a page of no known order): the page's
      // date is unknown, and a later line dates something else.
      if (!UPDATED_LABEL.test(text)) return undefined;
    }
    if (!chosen || datesARevision(text, chosen, allDates) || outsideTheArticle(block.owner, article))
      continue;
    const revised = labelPositions(text, UPDATED_LABEL).some((position) => position >= chosen.end);
    return { date: chosen.date, revised };
  }
  return undefined;
}

/** At most this many words besides its day make a line under the title a byline rather than a sentence. */
const BYLINE_WORDS = 8;
/** Words before a day that make it a deadline's, an event's or an offer's end, not the article's. */
const BOUNDING_WORDS =
  /(?<!\p{L})(?:bis|until|till|through|jusqu|hasta|fino|até|tot|do|termin|event|veranstaltung|deadline|frist|schluss|gültig|valid|verfügbar|available|expires?|ends?)(?!\p{L})[^\p{L}]*$/iu;

/** A time of day right after a day, as bylines and machine stamps write it (" 13:30", "T10:10:52+01:00"). */
const TIME_RIGHT_AFTER = /^[T ]?\d{1,2}:\d{2}(?::\d{2})?(?:[+-]\d{2}:?\d{2}|Z)?/u;
/**
 * What a byline holds besides its day and a sentence does not: an author's word ("By", "von", "par"), a
 * time of day, a reading time ("5 min read", "ca. 8 Min."), a picture's credit, or a separator.
 */
const BYLINE_FURNITURE =
  /(?<!\p{L})(?:by|von|par|por|di|door|av|af|przez|autor\p{L}*|author|written|words|text|foto|photo|lesezeit|read|lecture|lectura|min)(?!\p{L})|[|·•/]|\d{1,2}[:h]\d{2}/iu;
/** A word of a line: two letters or more, or one Chinese, Japanese or Korean character. */
const LINE_WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|\p{L}{2,}/gu;
/** The end of a sentence, at a line's end. */
const SENTENCE_END = /[.!?]\s*$/u;
/** A letter or digit run onto what comes before it. */
const GLUED_ON = /^[\p{L}\p{N}]/u;

/** A line under the title that reads as a byline with its day: few words besides it, something a byline holds, nothing bounding it. */
function bylineLike(text: string, date: WrittenDate): boolean {
  // A sentence that ends with a day ("The vote was moved to 5 November 2023.") is no byline.
  if (BOUNDING_WORDS.test(text.slice(0, date.index)) || SENTENCE_END.test(text)) return false;
  // A day run together with more digits or words ("…T10:10:52+01:0025. Dezember 2022") may be one of two.
  if (GLUED_ON.test(text.slice(date.end).replace(TIME_RIGHT_AFTER, ''))) return false;
  const rest = text.slice(0, date.index) + ' ' + text.slice(date.end);
  return BYLINE_FURNITURE.test(rest) && (rest.match(LINE_WORD)?.length ?? 0) <= BYLINE_WORDS;
}

/**
 * Where markup alone parts two words (`<span>Tanja Karrasch</span><span>3.11.2023</span>`), a block's
 * text runs them together ("Karrasch3.11.2023") and no day can be read after a letter. This is the
 * block's text with a space where an element's edge parts a letter from a letter or digit after it; a
 * digit before a letter stays joined ("5<sup>th</sup>", "1<sup>er</sup>"). Only when the block is its
 * element's whole text, so nothing of a neighbouring block comes in.
 */
function readableText(block: TextBlock): string {
  const pieces: string[] = [];
  let edge = false;
  const visit = (node: AnyNode): void => {
    if (node.type === 'text') {
      const data = (node as { data: string }).data;
      if (!data) return;
      if (edge && GLUED_AFTER.test(pieces.at(-1) ?? '') && GLUED_BEFORE.test(data)) pieces.push(' ');
      pieces.push(data);
      edge = false;
      return;
    }
    if (!isElement(node) || node.name === 'script' || node.name === 'style') return;
    edge = true;
    for (const child of node.children) visit(child);
    edge = true;
  };
  visit(block.owner);
  const spaced = pieces.join('');
  const compact = (text: string): string => text.replace(/\s+/g, '');
  return compact(spaced) === compact(block.text) ? spaced.trim() : block.text;
}
/** The text of an element outside its links. */
function unlinkedText(element: Element): string {
  let text = '';
  const visit = (node: AnyNode): void => {
    if (node.type === 'text') text += (node as { data: string }).data;
    else if (isElement(node) && node.name !== 'a' && node.name !== 'script' && node.name !== 'style')
      for (const child of node.children) visit(child);
  };
  visit(element);
  return text;
}
const GLUED_AFTER = /\p{L}$/u;
const GLUED_BEFORE = /^[\p{L}\p{N}]/u;

/**
 * Names of the block that holds an article's title and byline, when themes do not use `<header>`
 * ("entry-header", "article-head", "post-header", "story-header"), with a BEM separator or one more
 * word between ("article__header", "post-single-header").
 */
const ARTICLE_HEADER_NAMES =
  /(?:^|[\s_-])(?:article|entry|post|story)(?:[-_]{1,2}[a-z]+)?[-_]{0,2}(?:header|head)(?:$|[\s_-])/;
/**
 * Above the title, a header's day is the article's when only a separator and a section follow it
 * ("8. November 2021 | Aktuelles"); a kicker that goes on ("Nov 5, 2023: the vote") dates its story.
 */
const KICKER_AFTER_DATE = /^\s*(?:$|[|·•/–—]\s)/u;
/** The title's own header stands a few elements above it; further up is the page's layout. */
const HEADER_SEARCH_DEPTH = 4;

/**
 * The article's own header: the `<header>` (or an element named as the article's header) around the
 * title. A site's banner also holds a heading and shows today's date, so a header with a menu in it,
 * or around a title that is mostly a link (the site's name), is not the article's.
 */
function articleHeader(title: TextBlock): Element | undefined {
  if (siteNameHeading(title)) return undefined;
  // Around the title: a heading named like a header ("ArticleHeader_headline") is the title itself.
  let current: AnyNode | null = title.owner.parent;
  for (let depth = 0; current && current.type !== 'root' && depth <= HEADER_SEARCH_DEPTH; depth++) {
    const element = current as Element;
    if (element.name === 'body' || element.name === 'html') return undefined;
    if (element.name === 'header' || ARTICLE_HEADER_NAMES.test(classAndId(element))) {
      const hasMenu = findAll(element, (inner) => inner.name === 'nav').length > 0;
      return hasMenu || outsideTheArticle(element) ? undefined : element;
    }
    current = element.parent;
  }
  return undefined;
}

/** The nearest element of that name around an element (the element itself included). */
function closest(element: Element, name: string): Element | undefined {
  for (let current: AnyNode | null = element; current && current.type !== 'root'; current = current.parent) {
    if ((current as Element).name === name) return current as Element;
  }
  return undefined;
}

/**
 * Regions that hold other articles' or readers' dates: comments, related lists, sidebars, menus; and
 * the site's "today" ("today-date", "current-date"), which dates the visit.
 */
const OTHER_DATES_NAMES =
  /(?:^|[\s_-])(?:related\w*|recommended|recommendations|more-?stories|also-?read|teaser-?list|teasers|trending|most-?read|today|current-?date)(?:$|[\s_-])/;
/**
 * A link that says this much more than the date inside it (a headline, a summary) is a teaser for
 * another page; a permalink around the article's own date says little else.
 */
const TEASER_LINK_EXTRA_CHARS = 30;

function teaserLink(link: Element, inner: Element): boolean {
  if (!link.attribs.href) return false;
  return textOf(link).length - textOf(inner).length > TEASER_LINK_EXTRA_CHARS;
}

/**
 * A list with this many items that each state a day is a listing (related articles, latest posts,
 * events, archives): its days are other pages'. Fewer is an article's own meta list ("Published …",
 * "Updated …").
 */
const LISTING_DATED_ITEMS = 3;
/** Whether each list was found a listing, so that a page's many dates are counted once per list. */
const listings = new WeakMap<Element, boolean>();

function datedListing(list: Element): boolean {
  const known = listings.get(list);
  if (known !== undefined) return known;
  let dated = 0;
  for (const item of list.children) {
    if (!isElement(item) || item.name !== 'li') continue;
    const text = textOf(item);
    if (FOUR_DIGITS.test(text) && UNREAD_DAY.test(text) && ++dated >= LISTING_DATED_ITEMS) break;
  }
  const listing = dated >= LISTING_DATED_ITEMS;
  listings.set(list, listing);
  return listing;
}

/**
 * Whether an element stands in a region of other articles' or readers' dates (comments, related lists,
 * listings, menus, asides, a teaser's link). `titleArticle` is the `<article>` around the page's title,
 * given for lines right under the title: an `<aside>` in it holds the article's own details (themes put
 * "entry-meta" or an intro's "Stand: …" in one), where elsewhere an aside is a sidebar, unless it shows
 * what a teaser for another article shows (a headline, an article of its own; an author's picture is no sign).
 */
function outsideTheArticle(element: Element, titleArticle?: Element): boolean {
  for (let current: AnyNode | null = element; current && current.type !== 'root'; current = current.parent) {
    if (holdsOtherDates(current as Element, element, titleArticle)) return true;
  }
  return false;
}

const TEASER_PARTS = new Set(['article', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function teaserShaped(element: Element): boolean {
  return findAll(element, (inner) => TEASER_PARTS.has(inner.name)).length > 0;
}

function holdsOtherDates(ancestor: Element, element: Element, titleArticle: Element | undefined): boolean {
  if (ancestor.name === 'nav') return true;
  if (ancestor.name === 'aside')
    return !(titleArticle && within(ancestor, titleArticle) && !teaserShaped(ancestor));
  if (ancestor.name === 'a' && ancestor !== element && teaserLink(ancestor, element)) return true;
  const parent = ancestor.parent;
  if (ancestor.name === 'li' && parent && isElement(parent) && datedListing(parent)) return true;
  // The page's own names (`<body class="… related-products …">`) describe the whole page, not a region.
  if (ancestor.name === 'body' || ancestor.name === 'html') return false;
  return boilerplateMark(ancestor) === 'discussion' || OTHER_DATES_NAMES.test(classAndId(ancestor));
}

function parentNames(element: Element): string {
  const parent = element.parent;
  return parent && parent.type !== 'root' ? classAndId(parent as Element) : '';
}

function insideArticleHeader(element: Element): boolean {
  let current = element.parent;
  let depth = 0;
  while (current && current.type !== 'root' && depth < 12) {
    const name = (current as Element).name;
    if (name === 'header') return true;
    current = current.parent;
    depth++;
  }
  return false;
}

export interface DateOptions {
  url: string;
  now?: number;
  /** The page's text blocks, when the caller has them already (bylines are read from them). */
  blocks?: readonly TextBlock[];
}

/**
 * The article's publication date: the rules' meta tags in their order, then JSON-LD `datePublished`
 * (article-like objects first), then other plain meta tags, then marks in the body, then a full day in
 * the address. Undefined when nothing states a real, unambiguous date.
 */
export function publishedDate(head: PageHead, root: AnyNode, options: DateOptions): string | undefined {
  const now = options.now ?? Date.now();
  const date = firstPublishedDate(head, root, options.url, now, options.blocks);
  return date ? inLocalZone(date, head, root) : undefined;
}

/** What reading the page's dates needs; the numeric order is worked out only when a day needs it. */
function dateContext(head: PageHead, root: AnyNode, now: number): DateContext {
  const language = pageLanguage(head, root);
  let order: NumericOrder | null = null;
  return {
    now,
    language,
    order: () => {
      if (order === null) order = confirmedOrder(language, visibleTexts(root));
      return order;
    },
  };
}

/** The page's text nodes, outside scripts and styles. */
function* visibleTexts(node: AnyNode): Generator<string> {
  if (node.type === 'text') {
    yield (node as { data: string }).data;
    return;
  }
  if (!('children' in node)) return;
  if (isElement(node) && (node.name === 'script' || node.name === 'style')) return;
  for (const child of node.children) yield* visibleTexts(child);
}

/** Every date mark the page holds, in the rules' order (`bench:read -- --date-sources` counts them). */
export function dateMarks(
  head: PageHead,
  root: AnyNode,
  url: string,
  now: number,
  blocks?: readonly TextBlock[],
  context: DateContext = dateContext(head, root, now),
): DateMark[] {
  const marks: DateMark[] = [];
  for (const name of DATE_META_TAGS) {
    const date = firstDate(head.meta.get(name) ?? [], context);
    if (date) marks.push({ source: `meta:${name}`, date });
  }
  const articles = head.jsonLd.filter((record) => ARTICLE_TYPES.test(jsonLdType(record)));
  for (const record of [...articles, ...head.jsonLd]) {
    const value = record.datePublished ?? record.dateCreated;
    const date = typeof value === 'string' ? dateFrom(value, context) : undefined;
    if (date) {
      const source = articles.includes(record) ? 'json-ld:article' : 'json-ld:other';
      const modified =
        typeof record.dateModified === 'string' ? dateFrom(record.dateModified, context) : undefined;
      marks.push(modified ? { source, date, modified } : { source, date });
      break;
    }
  }
  for (const name of OTHER_DATE_META) {
    const date = firstDate(head.meta.get(name) ?? [], context);
    if (date) marks.push({ source: `meta:${name}`, date });
  }
  marks.push(...bodyMarks(root, context));
  const byline = bylineDate(blocks ?? collectBlocks(root), context, pageTitle(head, root));
  if (byline) marks.push({ source: 'body:byline', ...byline });
  const fromUrl = urlDate(url, now);
  if (fromUrl) marks.push({ source: URL_SOURCE, date: fromUrl });
  return marks;
}

/** Meta tags that date a revision, not the publication: read only when no publication mark exists. */
const MODIFIED_SOURCES = new Set(['meta:article:modified_time', 'meta:og:updated_time']);
/** The head's marks that date the article itself (other meta tags may date an embedded video). */
const ARTICLE_PUBLICATION =
  /^(?:meta:(?:article:published_time|datepublished|og:published_time|pubdate|date|dc\.date)|json-ld:article)$/;

function instantOf(date: string): number {
  return Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date);
}

/**
 * Chooses among the page's marks:
 * - a revision date (`article:modified_time`, `og:updated_time`) only when nothing dates the publication;
 * - the first publication mark in the rules' order, unless another of the head's marks for the article
 *   names a day a whole day or more earlier and the page confirms that day (another mark, its text, the
 *   same JSON-LD object's `dateModified`): a page re-dated on a later revision keeps its original day
 *   somewhere, and the original day is the publication date;
 * - JSON-LD that no other mark confirms only when the page shows that day in its text or the same
 *   object says it was not revised on another day: a lone JSON-LD date is often the first draft of a
 *   page whose visible date is a later revision, and then there is no date rather than a wrong one.
 */
function firstPublishedDate(
  head: PageHead,
  root: AnyNode,
  url: string,
  now: number,
  blocks?: readonly TextBlock[],
): string | undefined {
  const context = dateContext(head, root, now);
  const marks = dateMarks(head, root, url, now, blocks, context);
  const publication = marks.filter((mark) => !MODIFIED_SOURCES.has(mark.source));
  if (publication.length === 0) return marks[0]?.date;
  let shownDays: Set<string> | undefined;
  const confirmed = (candidate: DateMark): boolean => {
    const day = dayOf(candidate.date);
    if (marks.some((mark) => mark !== candidate && dayOf(mark.date) === day)) return true;
    if (candidate.modified !== undefined && dayOf(candidate.modified) === day) return true;
    shownDays ??= daysShown(root, context);
    return shownDays.has(day);
  };
  let chosen = publication[0]!;
  if (ARTICLE_PUBLICATION.test(chosen.source)) {
    for (const mark of publication) {
      if (!ARTICLE_PUBLICATION.test(mark.source)) continue;
      const earlier = instantOf(chosen.date) - instantOf(mark.date) >= DAY_MS;
      if (earlier && dayOf(mark.date) !== dayOf(chosen.date) && confirmed(mark)) chosen = mark;
    }
  }
  chosen = neighbourShown(chosen, publication);
  // A byline that gives the publication's day and then tells of a revision ("January 19, 2020 / Updated
  // 8 hours ago") says which day is which: a later day in the head is the revision's.
  const byline = marks.find((mark) => mark.source === 'body:byline' && mark.revised);
  if (byline && fromTheHead(chosen) && instantOf(dayOf(chosen.date)) > instantOf(dayOf(byline.date)))
    chosen = byline;
  if (chosen.source.startsWith('json-ld:') && !confirmed(chosen)) return undefined;
  // An address is made once, when the article is first published, and kept through revisions and
  // moves to a new system that re-date the page's marks: its day, when earlier, is the original one.
  const addressDay = marks.find((mark) => mark.source === URL_SOURCE);
  if (addressDay && instantOf(chosen.date) - instantOf(addressDay.date) >= DAY_MS) return addressDay.date;
  return chosen.date;
}

const URL_SOURCE = 'url';

/** The article's own marks that a reader sees (a `<time>` in its header or marked as the publication, a byline). */
const SHOWN_SOURCES = new Set(['body:time-published', 'body:time-header', 'body:named', 'body:byline']);

function fromTheHead(mark: DateMark): boolean {
  return mark.source.startsWith('meta:') || mark.source.startsWith('json-ld:');
}

/**
 * When the head's marks name two neighbouring days (one instant read in two zones, a day rounded, a
 * draft's day), the day the article shows its readers decides between them: it is the day the publisher
 * printed. Days further apart are a revision's, which the earlier-day rule settles.
 */
function neighbourShown(chosen: DateMark, publication: readonly DateMark[]): DateMark {
  if (!fromTheHead(chosen)) return chosen;
  const shown = publication.find((mark) => SHOWN_SOURCES.has(mark.source));
  if (!shown || dayOf(shown.date) === dayOf(chosen.date)) return chosen;
  const apart = Math.abs(instantOf(dayOf(shown.date)) - instantOf(dayOf(chosen.date)));
  if (apart !== DAY_MS) return chosen;
  return publication.find((mark) => fromTheHead(mark) && dayOf(mark.date) === dayOf(shown.date)) ?? chosen;
}

const DAY_MS = 24 * 3_600_000;

/** A year in ASCII or another script's digits (those `writtenDates` reads): text without one states no day. */
const FOUR_DIGITS = /\d{4}|[０-９]{4}|[٠-٩]{4}|[۰-۹]{4}|[०-९]{4}|[০-৯]{4}|[๐-๙]{4}/;

/** Every day the page shows: its visible text's plain dates and its `<time datetime>` days. */
function daysShown(root: AnyNode, context: DateContext): Set<string> {
  const days = new Set<string>();
  const visit = (node: AnyNode): void => {
    if (node.type === 'text') {
      const data = (node as { data: string }).data;
      if (!FOUR_DIGITS.test(data)) return;
      for (const written of writtenDates(
        data.replace(/\s+/g, ' '),
        context.language,
        context.now,
        context.order,
      ))
        days.add(written.date);
      return;
    }
    if (!('children' in node)) return;
    if (isElement(node) && (node.name === 'script' || node.name === 'style')) return;
    if (isElement(node) && node.name === 'time') {
      // A zone-less time is no date of its own, but the day it is written on still confirms one.
      const day = dateFrom(/^\d{4}-\d{2}-\d{2}/.exec(node.attribs.datetime ?? '')?.[0], context);
      if (day) days.add(day);
    }
    for (const child of node.children) visit(child);
  };
  visit(root);
  return days;
}

const UTC_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(?:Z|\+00:00)$/;
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?([+-]\d{2}:?\d{2})?$/;

/**
 * A time given in UTC is restated in the publisher's own zone when the page states the same instant
 * in that zone too (`2023-11-08T21:11:03-05:00` beside `2023-11-09T02:11:03Z`, or a local
 * `2023-11-08 18:09:55` to the second): same instant, but the day the page was published where it was
 * written. Nothing is inferred unless the two agree to the second.
 */
function inLocalZone(date: string, head: PageHead, root: AnyNode): string {
  const utc = UTC_TIME.exec(date);
  if (!utc || utc[2]!.length < 8) return date;
  const instant = Date.parse(`${utc[1]}T${utc[2]}Z`);
  const candidates: string[] = [];
  for (const values of head.meta.values()) candidates.push(...values);
  for (const record of head.jsonLd) {
    for (const key of ['datePublished', 'dateCreated', 'uploadDate']) {
      if (typeof record[key] === 'string') candidates.push(record[key] as string);
    }
  }
  for (const time of findAll(root, (element) => element.name === 'time')) {
    if (time.attribs.datetime) candidates.push(time.attribs.datetime);
  }
  for (const candidate of candidates) {
    const local = LOCAL_TIME.exec(candidate.trim());
    if (!local || local[2]!.length < 8) continue;
    const asIfUtc = Date.parse(`${local[1]}T${local[2]}Z`);
    const difference = asIfUtc - instant;
    // Zones are whole quarter hours apart; anything else is another instant.
    if (difference === 0 || difference % (15 * 60_000) !== 0 || Math.abs(difference) > 14 * 3_600_000)
      continue;
    const offsetMinutes = difference / 60_000;
    if (local[3]) {
      // A stated offset must be the one that makes it the same instant.
      const sign = local[3].startsWith('-') ? -1 : 1;
      const digits = local[3].replace(/[+:-]/g, '');
      const stated = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
      if (stated !== offsetMinutes) continue;
    }
    const sign = offsetMinutes < 0 ? '-' : '+';
    const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
    const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
    return isoDate(`${local[1]}T${local[2]}${sign}${hours}:${minutes}`) ?? date;
  }
  return date;
}
