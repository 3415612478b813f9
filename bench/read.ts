// Measures readHtml on real pages (`npm run bench:read`, `-- --json` for one JSON object):
// - main text over trafilatura's evaluation set, counted trafilatura's way (each `with` snippet found is
//   a true positive, each missing one a false negative, each `without` snippet found a false positive);
// - publication dates over htmldate's set, counted htmldate's way (no date = false negative, another
//   day = false positive), and over readability's set (title and date);
// - the question filter over bench/data/questions.json (is the answering passage returned; what share
//   of the page comes back);
// - @mozilla/readability with jsdom on the same pages, in the same run, for comparison.
// The corpora are read in place from ../shared/corpora (relative to the repository's root).
import { Readability } from '@mozilla/readability';
import { load } from 'cheerio/slim';
import { JSDOM, VirtualConsole } from 'jsdom';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dayOf, isoDate } from '../src/providers/dates.ts';
import { dateMarks, readHead } from '../src/web/extract/metadata.ts';
import { readHtml } from '../src/web/read-html.ts';
import { decodePage } from './read-decode.ts';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const corpora = resolve(repositoryRoot, '../shared/corpora');
const asJson = process.argv.includes('--json');
/** `--date-sources`: for each kind of date mark, how many pages it dated and on how many the day was right. */
const withDateSources = process.argv.includes('--date-sources');
/** A part size no page reaches, so the whole main text is scored. */
const WHOLE_PAGE = 10_000_000;

interface TrafilaturaCase {
  file: string;
  with: string[];
  without: string[];
}
interface HtmldateCase {
  file: string;
  date: string;
}
interface QuestionCase {
  page: string;
  url: string;
  question: string;
  answer: string;
}

function readPage(path: string): string {
  return decodePage(readFileSync(join(corpora, path)));
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

const quietConsole = new VirtualConsole();

function readabilityRead(
  html: string,
  url: string,
): { text: string; title: string; publishedTime?: string | null } {
  const dom = new JSDOM(html, { url, virtualConsole: quietConsole });
  try {
    const article = new Readability(dom.window.document).parse();
    return {
      text: article?.textContent ?? '',
      title: article?.title ?? '',
      publishedTime: article?.publishedTime,
    };
  } finally {
    dom.window.close();
  }
}

interface Counts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

function scores(counts: Counts): { precision: number; recall: number; f1: number } {
  const { truePositives: tp, falsePositives: fp, falseNegatives: fn } = counts;
  return {
    precision: tp + fp === 0 ? 0 : tp / (tp + fp),
    recall: tp + fn === 0 ? 0 : tp / (tp + fn),
    f1: 2 * tp + fp + fn === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn),
  };
}

function countSnippets(text: string, expected: TrafilaturaCase, counts: Counts, misses?: string[]): void {
  const normalised = normalise(text);
  for (const snippet of expected.with) {
    if (normalised.includes(normalise(snippet))) counts.truePositives++;
    else {
      counts.falseNegatives++;
      misses?.push(`${expected.file}: missing "${snippet}"`);
    }
  }
  for (const snippet of expected.without) {
    if (normalised.includes(normalise(snippet))) {
      counts.falsePositives++;
      misses?.push(`${expected.file}: has "${snippet}"`);
    }
  }
}

function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
}

// ------------------------------------------------------------------------------------------ main text

const trafilatura = readJson<Record<string, TrafilaturaCase>>(join(corpora, 'trafilatura/expected.json'));
const textPages = Object.entries(trafilatura).map(([url, expected]) => ({
  url,
  expected,
  html: readPage(join('trafilatura/pages', expected.file)),
}));

// Warm both up so the first pages do not pay for loading code.
for (const page of textPages.slice(0, 5)) {
  readHtml(page.html, { url: page.url });
  readabilityRead(page.html, page.url);
}

const ours: Counts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
const theirs: Counts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
const misses: string[] = [];
let oursMs = 0;
let theirsMs = 0;
for (const page of textPages) {
  const read = timed(() => readHtml(page.html, { url: page.url, partSize: WHOLE_PAGE }));
  oursMs += read.ms;
  countSnippets(read.value.parts.join('\n\n'), page.expected, ours, misses);
  const reference = timed(() => readabilityRead(page.html, page.url));
  theirsMs += reference.ms;
  countSnippets(reference.value.text, page.expected, theirs);
}

// -------------------------------------------------------------------------------------------- dates

const htmldate = readJson<Record<string, HtmldateCase>>(join(corpora, 'htmldate/expected.json'));
const dateCounts: Counts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
const readabilityDateCounts: Counts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
const dateMisses: string[] = [];
const dateSources: Record<string, { given: number; right: number }> = {};
let datesMs = 0;
for (const [url, expected] of Object.entries(htmldate)) {
  const html = readPage(join('htmldate/pages', expected.file));
  const read = timed(() => readHtml(html, { url }));
  datesMs += read.ms;
  const found = read.value.publishedDate;
  if (!found) {
    dateCounts.falseNegatives++;
    dateMisses.push(`${expected.file}: none, expected ${expected.date}`);
  } else if (dayOf(found) === expected.date) dateCounts.truePositives++;
  else {
    dateCounts.falsePositives++;
    dateMisses.push(`${expected.file}: ${found}, expected ${expected.date}`);
  }
  if (withDateSources) {
    // Outside the timed read: every mark the page holds, whether or not the rules chose it.
    const root = load(html).root()[0]!;
    for (const mark of dateMarks(readHead(root), root, url, Date.now())) {
      const tally = (dateSources[mark.source] ??= { given: 0, right: 0 });
      tally.given++;
      if (dayOf(mark.date) === expected.date) tally.right++;
    }
  }
  const reference = isoDate(readabilityRead(html, url).publishedTime ?? undefined);
  if (!reference) readabilityDateCounts.falseNegatives++;
  else if (dayOf(reference) === expected.date) readabilityDateCounts.truePositives++;
  else readabilityDateCounts.falsePositives++;
}

// --------------------------------------------------------------------------- readability's own set

interface ReadabilityMetadata {
  title?: string | null;
  publishedTime?: string | null;
}
let titlePages = 0;
let titleSame = 0;
let metadataDates = 0;
let metadataDatesSame = 0;
let metadataDatesStrayed = 0;
for (const name of readdirSync(join(corpora, 'readability')).sort()) {
  const folder = join(corpora, 'readability', name);
  if (!statSync(folder).isDirectory()) continue;
  const html = readPage(join('readability', name, 'source.html'));
  const metadata = readJson<ReadabilityMetadata>(join(folder, 'expected-metadata.json'));
  const read = readHtml(html, { url: `http://fakehost/test/${name}/` });
  if (metadata.title) {
    titlePages++;
    if (normalise(read.title) === normalise(metadata.title)) titleSame++;
  }
  // Only dates that pass the rules count; a zone-less time there must not come back as a date-time.
  const expectedDate = isoDate(metadata.publishedTime ?? undefined);
  if (expectedDate) {
    metadataDates++;
    if (read.publishedDate && dayOf(read.publishedDate) === dayOf(expectedDate)) metadataDatesSame++;
    else if (read.publishedDate) metadataDatesStrayed++;
  }
}

// ------------------------------------------------------------------------------------------ questions

const questions = readJson<QuestionCase[]>(join(repositoryRoot, 'bench/data/questions.json'));
let questionsFound = 0;
let shareSum = 0;
const questionMisses: string[] = [];
for (const item of questions) {
  const html = readPage(item.page);
  const whole = readHtml(html, { url: item.url, partSize: WHOLE_PAGE });
  const answered = readHtml(html, { url: item.url, question: item.question, partSize: WHOLE_PAGE });
  const pageLength = normalise(whole.parts.join('\n\n').replace(/\n\n!\[\]\([^)]*\)$/, '')).length || 1;
  const returned = (answered.matches ?? []).map((match) => normalise(match.text));
  const answer = normalise(item.answer);
  if (returned.some((text) => text.includes(answer))) questionsFound++;
  else
    questionMisses.push(
      `${item.page}: "${item.question}" → ${returned.length} passages, none with "${item.answer}"`,
    );
  shareSum += returned.reduce((sum, text) => sum + text.length, 0) / pageLength;
}

// ---------------------------------------------------------------------------------------------- report

const text = scores(ours);
const reference = scores(theirs);
const dates = scores(dateCounts);
const referenceDates = scores(readabilityDateCounts);
const report = {
  text_pages: textPages.length,
  text_f1: round(text.f1),
  text_precision: round(text.precision),
  text_recall: round(text.recall),
  text_ms_per_page: round(oursMs / textPages.length, 2),
  readability_f1: round(reference.f1),
  readability_precision: round(reference.precision),
  readability_recall: round(reference.recall),
  readability_ms_per_page: round(theirsMs / textPages.length, 2),
  speedup: round(theirsMs / oursMs, 1),
  date_pages: Object.keys(htmldate).length,
  date_precision: round(dates.precision),
  date_recall: round(dates.recall),
  date_f1: round(dates.f1),
  date_ms_per_page: round(datesMs / Object.keys(htmldate).length, 2),
  readability_date_precision: round(referenceDates.precision),
  readability_date_recall: round(referenceDates.recall),
  readability_date_f1: round(referenceDates.f1),
  readability_set_title_exact: round(titleSame / (titlePages || 1)),
  readability_set_titles: titlePages,
  readability_set_dates: metadataDates,
  readability_set_dates_same_day: metadataDatesSame,
  readability_set_dates_other_day: metadataDatesStrayed,
  questions: questions.length,
  question_found_rate: round(questionsFound / (questions.length || 1)),
  question_page_share: round(shareSum / (questions.length || 1)),
};

if (asJson) {
  console.log(JSON.stringify(withDateSources ? { ...report, date_sources: dateSources } : report));
} else {
  for (const [key, value] of Object.entries(report)) console.log(`${key.padEnd(32)} ${value}`);
  if (withDateSources) {
    const bySource = Object.entries(dateSources).sort((a, b) => b[1].given - a[1].given);
    for (const [source, tally] of bySource)
      console.log(`date source ${source.padEnd(30)} ${tally.right} of ${tally.given} on the expected day`);
  }
  if (process.argv.includes('--misses')) {
    console.log(['', ...misses, '', ...dateMisses, '', ...questionMisses].join('\n'));
  }
}
