// Measures readHtml on real pages (`npm run bench:read`, `-- --json` for one JSON object), each corpus
// reported apart, with odd- and even-numbered pages scored apart too (tune on one half, check on the other):
// - trafilatura's evaluation set: main text counted trafilatura's way (each `with` snippet found is a true
//   positive, each missing one a false negative, each `without` snippet found a false positive);
// - readability's test pages as a second main-text set: the words shared with its expected article;
// - htmldate's set: publication dates counted htmldate's way (no date = false negative, another day =
//   false positive), and how often the main text comes back nearly empty; 45 of its pages again as
//   held-out main text, with snippets written for them (bench/main-text-heldout.json);
// - the same main-text sets with every class and id removed, and with the chosen element named like
//   boilerplate (bench/read-probes.ts): how much the extraction leans on names, as unseen pages test it;
// - both date sets with their date metadata removed (meta tags, JSON-LD, `<time datetime>`, microdata),
//   and again with an address that states no day: how well the body's visible dates alone date a page;
// - the question sets in bench/questions/ (bench/read-questions.ts; `-- --only questions` runs them alone):
//   is the answering passage returned, what share of the page comes back;
// - @mozilla/readability with jsdom on the same pages, in the same run, for comparison (speed as a ratio).
// The corpora are read in place from ../shared/corpora (relative to the repository's root).
import { load } from 'cheerio/slim';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dayOf, isoDate } from '../src/providers/dates.ts';
import { dateMarks, readHead } from '../src/web/extract/metadata.ts';
import { readHtml } from '../src/web/read-html.ts';
import { decodePage } from './read-decode.ts';
import { neutralUrl, withChosenMisnamed, withoutDateMetadata, withoutNames } from './read-probes.ts';
import {
  mainTextOf,
  normalise,
  type QuestionsReport,
  rankingResources,
  scoreQuestions,
  scoreUnseenQuestions,
  spacedText,
} from './read-questions.ts';
import { NEARLY_EMPTY, readabilityRead } from './read-reference.ts';
import { scoreUnseenPages } from './read-unseen.ts';
import { UNSEEN_PAGES } from '../scripts/unseen-pages.mjs';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const corpora = resolve(repositoryRoot, '../shared/corpora');
const asJson = process.argv.includes('--json');
/** `--date-sources`: for each kind of date mark, how many pages it dated and on how many the day was right. */
const withDateSources = process.argv.includes('--date-sources');
/** `--only questions`: the question sets alone (a minute, where the whole run takes several). */
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only === 'questions') await runQuestionsOnly();

// The question sets first: ranked after readability + jsdom has filled the heap, their times read
// two to three times longer than in a process of their own (`--only questions`), as a worker's are.
const questionsReport = await scoreQuestions();
const unseenQuestions = await unseenQuestionScores();
/** A part size no page reaches, so the whole main text is scored. */
const WHOLE_PAGE = 10_000_000;

interface TrafilaturaCase {
  file: string;
  with: string[];
  without: string[];
  /** The publication day, on most pages (a few give a malformed one: those are not scored). */
  date?: string;
}
interface HtmldateCase {
  file: string;
  date: string;
}

function readPage(path: string): string {
  return decodePage(readFileSync(join(corpora, path)));
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
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

/** Odd- and even-numbered pages (in the corpus's order) scored apart: tune on one half, check on the other. */
type Half = 'odd' | 'even';
const halfOf = (index: number): Half => (index % 2 === 0 ? 'odd' : 'even');

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

const emptyCounts = (): Counts => ({ truePositives: 0, falsePositives: 0, falseNegatives: 0 });
const ours = { all: emptyCounts(), odd: emptyCounts(), even: emptyCounts() };
const theirs = { all: emptyCounts(), odd: emptyCounts(), even: emptyCounts() };
const misses: string[] = [];
let oursMs = 0;
let theirsMs = 0;
let oursEmpty = 0;
let theirsEmpty = 0;
// Trafilatura's pages state their day too: a second date set, never tuned on.
const trafilaturaDates = emptyCounts();
const emptyPages: string[] = [];
textPages.forEach((page, index) => {
  const read = timed(() => readHtml(page.html, { url: page.url, partSize: WHOLE_PAGE }));
  oursMs += read.ms;
  const text = mainTextOf(read.value.parts);
  const expectedDay = page.expected.date;
  if (expectedDay && isoDate(expectedDay) === expectedDay) {
    const found = read.value.publishedDate;
    if (!found) trafilaturaDates.falseNegatives++;
    else if (dayOf(found) === expectedDay) trafilaturaDates.truePositives++;
    else trafilaturaDates.falsePositives++;
  }
  countSnippets(text, page.expected, ours.all, misses);
  countSnippets(text, page.expected, ours[halfOf(index)]);
  if (text.length < NEARLY_EMPTY) {
    oursEmpty++;
    emptyPages.push(`trafilatura/${page.expected.file}: ${text.length} characters`);
  }
  const reference = timed(() => readabilityRead(page.html, page.url));
  theirsMs += reference.ms;
  countSnippets(reference.value.text, page.expected, theirs.all);
  countSnippets(reference.value.text, page.expected, theirs[halfOf(index)]);
  if (normalise(reference.value.text).length < NEARLY_EMPTY) theirsEmpty++;
});

// ------------------------------------------------------------------ readability's pages as main text

/**
 * Readability's own test pages, scored against its expected article by the words they share (bag of
 * words, as the article-extraction benchmarks count): precision is the share of our words that are in
 * the expected text, recall the share of its words we found. Averaged over pages. Readability's own
 * score here is near 1 by construction (the expected text is its output); it is listed to show that.
 */
function wordBag(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    bag.set(word, (bag.get(word) ?? 0) + 1);
  return bag;
}
function bagScores(found: string, expected: string): { precision: number; recall: number; f1: number } {
  const ours = wordBag(found);
  const reference = wordBag(expected);
  let shared = 0;
  let oursTotal = 0;
  let referenceTotal = 0;
  for (const count of ours.values()) oursTotal += count;
  for (const [word, count] of reference) {
    referenceTotal += count;
    shared += Math.min(count, ours.get(word) ?? 0);
  }
  const precision = oursTotal === 0 ? (referenceTotal === 0 ? 1 : 0) : shared / oursTotal;
  const recall = referenceTotal === 0 ? 1 : shared / referenceTotal;
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
}
interface BagTotals {
  pages: number;
  precision: number;
  recall: number;
  f1: number;
}
const emptyBag = (): BagTotals => ({ pages: 0, precision: 0, recall: 0, f1: 0 });
function addBag(totals: BagTotals, score: { precision: number; recall: number; f1: number }): void {
  totals.pages++;
  totals.precision += score.precision;
  totals.recall += score.recall;
  totals.f1 += score.f1;
}
const bagOurs = { all: emptyBag(), odd: emptyBag(), even: emptyBag() };
const bagTheirs = { all: emptyBag(), odd: emptyBag(), even: emptyBag() };
let bagOursMs = 0;
let bagTheirsMs = 0;
let bagOursEmpty = 0;
let bagTheirsEmpty = 0;
let bagArticles = 0;
const bagMisses: string[] = [];
const readabilityNames = readdirSync(join(corpora, 'readability'))
  .sort()
  .filter((name) => statSync(join(corpora, 'readability', name)).isDirectory());
readabilityNames.forEach((name, index) => {
  const html = readPage(join('readability', name, 'source.html'));
  const expected = normalise(spacedText(readPage(join('readability', name, 'expected.html'))));
  const url = `http://fakehost/test/${name}/`;
  const read = timed(() => readHtml(html, { url, partSize: WHOLE_PAGE }));
  bagOursMs += read.ms;
  const text = mainTextOf(read.value.parts);
  const score = bagScores(text, expected);
  addBag(bagOurs.all, score);
  addBag(bagOurs[halfOf(index)], score);
  if (score.f1 < 0.8)
    bagMisses.push(
      `readability/${name}: F1 ${round(score.f1)} (P ${round(score.precision)}, R ${round(score.recall)})`,
    );
  const reference = timed(() => readabilityRead(html, url));
  bagTheirsMs += reference.ms;
  const referenceScore = bagScores(reference.value.text, expected);
  addBag(bagTheirs.all, referenceScore);
  addBag(bagTheirs[halfOf(index)], referenceScore);
  if (expected.length >= NEARLY_EMPTY * 2) {
    bagArticles++;
    if (text.length < NEARLY_EMPTY) {
      bagOursEmpty++;
      emptyPages.push(`readability/${name}: ${text.length} characters`);
    }
    if (normalise(reference.value.text).length < NEARLY_EMPTY) bagTheirsEmpty++;
  }
});
const bagAverage = (totals: BagTotals) => ({
  f1: round(totals.f1 / (totals.pages || 1)),
  precision: round(totals.precision / (totals.pages || 1)),
  recall: round(totals.recall / (totals.pages || 1)),
});

// -------------------------------------------------------------------------------------------- dates

const htmldate = readJson<Record<string, HtmldateCase>>(join(corpora, 'htmldate/expected.json'));
const dateCounts: Counts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
const readabilityDateCounts: Counts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
const dateMisses: string[] = [];
const dateSources: Record<string, { given: number; right: number }> = {};
let datesMs = 0;
const dateHalves = { odd: emptyCounts(), even: emptyCounts() };
let datePagesEmpty = 0;
let datesReadabilityMs = 0;
let datePagesReadabilityEmpty = 0;
Object.entries(htmldate).forEach(([url, expected], index) => {
  const html = readPage(join('htmldate/pages', expected.file));
  const read = timed(() => readHtml(html, { url }));
  datesMs += read.ms;
  const found = read.value.publishedDate;
  const half = dateHalves[halfOf(index)];
  if (!found) {
    dateCounts.falseNegatives++;
    half.falseNegatives++;
    dateMisses.push(`${expected.file}: none, expected ${expected.date}`);
  } else if (dayOf(found) === expected.date) {
    dateCounts.truePositives++;
    half.truePositives++;
  } else {
    dateCounts.falsePositives++;
    half.falsePositives++;
    dateMisses.push(`${expected.file}: ${found}, expected ${expected.date}`);
  }
  const text = mainTextOf(read.value.parts);
  if (text.length < NEARLY_EMPTY) {
    datePagesEmpty++;
    emptyPages.push(`htmldate/${expected.file}: ${text.length} characters`);
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
  const referenceTimed = timed(() => readabilityRead(html, url));
  datesReadabilityMs += referenceTimed.ms;
  const referenceRead = referenceTimed.value;
  if (normalise(referenceRead.text).length < NEARLY_EMPTY) datePagesReadabilityEmpty++;
  const reference = isoDate(referenceRead.publishedTime ?? undefined);
  if (!reference) readabilityDateCounts.falseNegatives++;
  else if (dayOf(reference) === expected.date) readabilityDateCounts.truePositives++;
  else readabilityDateCounts.falsePositives++;
});

// ------------------------------------------------------------- htmldate's pages as held-out main text

/**
 * Main-text snippets written for 45 of htmldate's pages (`bench/main-text-heldout.json`): `with` from
 * the article's first, middle and last paragraphs, `without` from the menus, footers, related lists,
 * boxes and comments a reader sees around it. Written by a helper who read the pages (a text dump of
 * their markup, a screenshot) and never the extraction's output nor its code, after every main-text
 * rule here was made: no rule was tuned on them. Counted trafilatura's way.
 */
interface HeldOutText {
  with: string[];
  without: string[];
}
const heldOutText = readJson<Record<string, HeldOutText>>(
  join(repositoryRoot, 'bench/main-text-heldout.json'),
);
const heldOutOurs = { all: emptyCounts(), odd: emptyCounts(), even: emptyCounts() };
const heldOutTheirs = emptyCounts();
let heldOutEmpty = 0;
let heldOutTheirsEmpty = 0;
Object.entries(heldOutText).forEach(([page, expected], index) => {
  const html = readPage(page);
  const url = `https://example.com/${index}`;
  const text = mainTextOf(readHtml(html, { url, partSize: WHOLE_PAGE }).parts);
  const asCase: TrafilaturaCase = { file: page, with: expected.with, without: expected.without };
  countSnippets(text, asCase, heldOutOurs.all, misses);
  countSnippets(text, asCase, heldOutOurs[halfOf(index)]);
  if (text.length < NEARLY_EMPTY) {
    heldOutEmpty++;
    emptyPages.push(`${page} (held-out text): ${text.length} characters`);
  }
  const reference = readabilityRead(html, url).text;
  countSnippets(reference, asCase, heldOutTheirs);
  if (normalise(reference).length < NEARLY_EMPTY) heldOutTheirsEmpty++;
});

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

// ------------------------------------------------------------------------------- robustness probes

/** The main-text sets again, with pages made harder as unseen pages are (see bench/read-probes.ts). */
function probe(transform: (html: string) => string) {
  const counts = emptyCounts();
  const halves = { odd: emptyCounts(), even: emptyCounts() };
  let empty = 0;
  textPages.forEach((page, index) => {
    const text = mainTextOf(readHtml(transform(page.html), { url: page.url, partSize: WHOLE_PAGE }).parts);
    countSnippets(text, page.expected, counts);
    countSnippets(text, page.expected, halves[halfOf(index)]);
    if (text.length < NEARLY_EMPTY) empty++;
  });
  const bag = { all: emptyBag(), odd: emptyBag(), even: emptyBag() };
  let bagEmpty = 0;
  readabilityNames.forEach((name, index) => {
    const html = readPage(join('readability', name, 'source.html'));
    const expected = normalise(spacedText(readPage(join('readability', name, 'expected.html'))));
    const url = `http://fakehost/test/${name}/`;
    const text = mainTextOf(readHtml(transform(html), { url, partSize: WHOLE_PAGE }).parts);
    const score = bagScores(text, expected);
    addBag(bag.all, score);
    addBag(bag[halfOf(index)], score);
    if (expected.length >= NEARLY_EMPTY * 2 && text.length < NEARLY_EMPTY) bagEmpty++;
  });
  let dateEmpty = 0;
  for (const [url, expected] of Object.entries(htmldate)) {
    const html = readPage(join('htmldate/pages', expected.file));
    if (mainTextOf(readHtml(transform(html), { url }).parts).length < NEARLY_EMPTY) dateEmpty++;
  }
  return {
    trafilatura_f1: round(scores(counts).f1),
    trafilatura_precision: round(scores(counts).precision),
    trafilatura_recall: round(scores(counts).recall),
    trafilatura_f1_odd_pages: round(scores(halves.odd).f1),
    trafilatura_f1_even_pages: round(scores(halves.even).f1),
    trafilatura_nearly_empty_share: round(empty / textPages.length),
    readability_f1: bagAverage(bag.all).f1,
    readability_precision: bagAverage(bag.all).precision,
    readability_recall: bagAverage(bag.all).recall,
    readability_f1_odd_pages: bagAverage(bag.odd).f1,
    readability_f1_even_pages: bagAverage(bag.even).f1,
    readability_nearly_empty_share: round(bagEmpty / (bagArticles || 1)),
    htmldate_nearly_empty_share: round(dateEmpty / Object.keys(htmldate).length),
  };
}
/** Both date sets again, as in `transform` (without the date metadata; also without the address's day). */
function dateProbe(transform: (html: string) => string, address: (url: string, index: number) => string) {
  const score = (pages: { html: string; url: string; date: string }[]) => {
    const counts = { all: emptyCounts(), odd: emptyCounts(), even: emptyCounts() };
    pages.forEach((page, index) => {
      const found = readHtml(transform(page.html), { url: address(page.url, index) }).publishedDate;
      for (const tally of [counts.all, counts[halfOf(index)]]) {
        if (!found) tally.falseNegatives++;
        else if (dayOf(found) === page.date) tally.truePositives++;
        else tally.falsePositives++;
      }
    });
    const { truePositives: tp, falsePositives: fp, falseNegatives: fn } = counts.all;
    return {
      pages: pages.length,
      precision: round(scores(counts.all).precision),
      recall: round(scores(counts.all).recall),
      coverage: round((tp + fp) / (tp + fp + fn || 1)),
      f1_odd_pages: half(counts.odd),
      f1_even_pages: half(counts.even),
    };
  };
  const htmldatePages = Object.entries(htmldate).map(([url, expected]) => ({
    url,
    date: expected.date,
    html: readPage(join('htmldate/pages', expected.file)),
  }));
  const trafilaturaPages = textPages
    .filter((page) => page.expected.date && isoDate(page.expected.date) === page.expected.date)
    .map((page) => ({ url: page.url, date: page.expected.date!, html: page.html }));
  return { htmldate: score(htmldatePages), trafilatura: score(trafilaturaPages) };
}
const half = (counts: Counts) => round(scores(counts).f1);
const probes = {
  no_names: probe(withoutNames),
  misnamed: probe(withChosenMisnamed),
  // Only the body's visible dates and the address: stands in for pages whose day is written only in the body.
  no_date_metadata: dateProbe(withoutDateMetadata, (url) => url),
  no_date_metadata_nor_url_day: dateProbe(withoutDateMetadata, (_, index) => neutralUrl(index)),
};

// ------------------------------------------------------------------------------------------ questions

const questionSets = questionsReport.sets;
const unseen = unseenPagesReport(unseenQuestions, { withText: true });
const questionMisses = [...questionsReport.misses, ...unseen.misses];
const wordingViolations = [...questionsReport.wordingViolations, ...unseen.wordingViolations];

// ---------------------------------------------------------------------------------------------- report

const dates = scores(dateCounts);
const referenceDates = scores(readabilityDateCounts);
const report = {
  trafilatura: {
    pages: textPages.length,
    f1: round(scores(ours.all).f1),
    precision: round(scores(ours.all).precision),
    recall: round(scores(ours.all).recall),
    f1_odd_pages: half(ours.odd),
    f1_even_pages: half(ours.even),
    nearly_empty_share: round(oursEmpty / textPages.length),
    ms_per_page: round(oursMs / textPages.length, 2),
    date_pages:
      trafilaturaDates.truePositives + trafilaturaDates.falsePositives + trafilaturaDates.falseNegatives,
    date_precision: round(scores(trafilaturaDates).precision),
    date_recall: round(scores(trafilaturaDates).recall),
    readability_f1: round(scores(theirs.all).f1),
    readability_precision: round(scores(theirs.all).precision),
    readability_recall: round(scores(theirs.all).recall),
    readability_f1_odd_pages: half(theirs.odd),
    readability_f1_even_pages: half(theirs.even),
    readability_nearly_empty_share: round(theirsEmpty / textPages.length),
    readability_ms_per_page: round(theirsMs / textPages.length, 2),
    speedup: round(theirsMs / oursMs, 1),
  },
  readability: {
    pages: readabilityNames.length,
    ...bagAverage(bagOurs.all),
    f1_odd_pages: bagAverage(bagOurs.odd).f1,
    f1_even_pages: bagAverage(bagOurs.even).f1,
    nearly_empty_share: round(bagOursEmpty / (bagArticles || 1)),
    ms_per_page: round(bagOursMs / readabilityNames.length, 2),
    readability: bagAverage(bagTheirs.all),
    readability_nearly_empty_share: round(bagTheirsEmpty / (bagArticles || 1)),
    readability_ms_per_page: round(bagTheirsMs / readabilityNames.length, 2),
    speedup: round(bagTheirsMs / bagOursMs, 1),
    title_exact: round(titleSame / (titlePages || 1)),
    titles: titlePages,
    dates: metadataDates,
    dates_same_day: metadataDatesSame,
    dates_other_day: metadataDatesStrayed,
  },
  htmldate: {
    pages: Object.keys(htmldate).length,
    date_precision: round(dates.precision),
    date_recall: round(dates.recall),
    date_f1: round(dates.f1),
    date_f1_odd_pages: half(dateHalves.odd),
    date_f1_even_pages: half(dateHalves.even),
    nearly_empty_share: round(datePagesEmpty / Object.keys(htmldate).length),
    ms_per_page: round(datesMs / Object.keys(htmldate).length, 2),
    readability_date_precision: round(referenceDates.precision),
    readability_date_recall: round(referenceDates.recall),
    readability_date_f1: round(referenceDates.f1),
    readability_nearly_empty_share: round(datePagesReadabilityEmpty / Object.keys(htmldate).length),
    readability_ms_per_page: round(datesReadabilityMs / Object.keys(htmldate).length, 2),
    speedup: round(datesReadabilityMs / datesMs, 1),
  },
  htmldate_text: {
    pages: Object.keys(heldOutText).length,
    f1: round(scores(heldOutOurs.all).f1),
    precision: round(scores(heldOutOurs.all).precision),
    recall: round(scores(heldOutOurs.all).recall),
    f1_odd_pages: half(heldOutOurs.odd),
    f1_even_pages: half(heldOutOurs.even),
    nearly_empty_share: round(heldOutEmpty / Object.keys(heldOutText).length),
    readability_f1: round(scores(heldOutTheirs).f1),
    readability_precision: round(scores(heldOutTheirs).precision),
    readability_recall: round(scores(heldOutTheirs).recall),
    readability_nearly_empty_share: round(heldOutTheirsEmpty / Object.keys(heldOutText).length),
  },
  probes,
  unseen_pages: unseen.report,
  questions: questionSets,
  question_resources: rankingResources(),
  wording_violations: wordingViolations.length,
};

function printFlat(prefix: string, value: unknown): void {
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) printFlat(prefix ? `${prefix}.${key}` : key, inner);
  } else console.log(`${prefix.padEnd(48)} ${String(value)}`);
}

if (asJson) {
  console.log(JSON.stringify(withDateSources ? { ...report, date_sources: dateSources } : report));
} else {
  printFlat('', report);
  if (withDateSources) {
    const bySource = Object.entries(dateSources).sort((a, b) => b[1].given - a[1].given);
    for (const [source, tally] of bySource)
      console.log(`date source ${source.padEnd(30)} ${tally.right} of ${tally.given} on the expected day`);
  }
  if (process.argv.includes('--misses')) {
    console.log(
      ['', ...misses, '', ...bagMisses, '', ...emptyPages, '', ...dateMisses, '', ...questionMisses].join(
        '\n',
      ),
    );
  }
}
if (wordingViolations.length > 0) {
  // A question asked in other words that shares the answer's words measures nothing: the set must be fixed.
  console.error(
    [
      `${wordingViolations.length} reworded or held-out questions share too many words with their answer:`,
      ...wordingViolations,
    ].join('\n'),
  );
  process.exitCode = 1;
}

/** The questions on the unseen pages, scored; undefined when the pages are not fetched. */
async function unseenQuestionScores(): Promise<QuestionsReport | undefined> {
  return existsSync(UNSEEN_PAGES) ? await scoreUnseenQuestions(UNSEEN_PAGES) : undefined;
}

/**
 * The unseen pages (scripts/unseen-pages.mjs, fetched by `npm run bench:read`'s pre-script): their
 * questions' scores (`unseenQuestionScores`, ranked beforehand; undefined when the pages are missing)
 * and `withText` their main text; a note saying how to fetch them when they are missing.
 */
function unseenPagesReport(
  questions: QuestionsReport | undefined,
  { withText }: { withText: boolean },
): { report: Record<string, unknown>; misses: string[]; wordingViolations: string[] } {
  if (!questions)
    return {
      report: { note: 'not fetched: `node scripts/unseen-pages.mjs` fetches them' },
      misses: [],
      wordingViolations: [],
    };
  const text = withText ? scoreUnseenPages(UNSEEN_PAGES) : undefined;
  const { misses: textMisses = [], ...textReport } = text ?? {};
  return {
    report: {
      ...textReport,
      questions: questions.sets.unseen_pages,
      questions_2: questions.sets.unseen_pages_2,
    },
    misses: [...textMisses, ...questions.misses],
    wordingViolations: questions.wordingViolations,
  };
}

async function runQuestionsOnly(): Promise<never> {
  const questionsReport = await scoreQuestions();
  const unseen = unseenPagesReport(await unseenQuestionScores(), { withText: false });
  const sets = questionsReport.sets;
  const questionsMissed = [...questionsReport.misses, ...unseen.misses];
  const violations = [...questionsReport.wordingViolations, ...unseen.wordingViolations];
  const report = {
    unseen_pages: unseen.report,
    questions: sets,
    question_resources: rankingResources(),
    wording_violations: violations.length,
  };
  if (asJson) console.log(JSON.stringify(report));
  else {
    printFlat('', report);
    if (process.argv.includes('--misses')) console.log(['', ...questionsMissed].join('\n'));
  }
  if (violations.length > 0) console.error(violations.join('\n'));
  // Standard output to a pipe or file is written synchronously here, so nothing is lost by exiting.
  process.exit(violations.length > 0 ? 1 : 0);
}
