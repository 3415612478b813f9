// A run's report, in three forms: JSON (everything a program needs), Markdown (the answer with its
// pictures pointing at the kept copies, and the Sources list) and HTML (a page a person reads and
// keeps: each `[n]` a chip with the site's icon linking to its source card, the cards, a gallery,
// flagged citations marked). Everything the agent or a page wrote is escaped (safe-markdown.ts and
// Hono's `html` template); `renderReportBody` gives the body alone for the console to embed.
import { html, raw } from 'hono/html';
import type { QueueSystem } from '../queue/system.ts';
import {
  addressKey as addressKeyOf,
  checkCitations,
  pagesFromEvents,
  parseAnswer,
  siteOf,
  type CitationFlag,
  type SourceMark,
} from './citations.ts';
import { pictureAddress } from './picture-store.ts';
import { readAllRunEvents } from './run-events.ts';
import type { RunPicture, RunRecord } from './run-store.ts';
import { runView, type BudgetView } from './run-view.ts';
import { escapeHtml, renderMarkdown } from './safe-markdown.ts';

export interface ReportSource {
  n: number;
  title: string;
  url: string;
  site: string;
  date: string | null;
  provider: string | null;
  /** The site's icon, served by Quarry (`/api/site-icon/:host`). */
  icon: string | null;
  mark: SourceMark;
  cited: boolean;
  /** The number this run's tools gave the page, when the answer used another. */
  run_number: number | null;
}

export interface ReportPicture {
  url: string;
  source: RunPicture['source'];
  page: string | null;
  item: string | null;
  state: RunPicture['state'];
  /** The kept copies' addresses (`/api/runs/:id/pictures/:name`). */
  display: { url: string; width: number; height: number } | null;
  thumbnail: { url: string; width: number; height: number } | null;
  reason: string | null;
}

export interface RunReport {
  id: string;
  status: RunRecord['status'];
  question: string;
  agent: string;
  model: string | null;
  /** The answer as the agent wrote it. */
  answer: string | null;
  /** The answer without its Sources list. */
  answer_body: string | null;
  citations: { cited: number[]; flags: CitationFlag[] };
  sources: ReportSource[];
  pictures: ReportPicture[];
  budget: { searches: BudgetView; reads: BudgetView | null; media: BudgetView | null };
  timings: {
    created_at: string;
    started_at: string | null;
    answered_at: string | null;
    ended_at: string | null;
    /** Waiting in the queue, the agent at work, keeping pictures; seconds. */
    waited_seconds: number | null;
    agent_seconds: number | null;
    finalizing_seconds: number | null;
  };
  usage: Record<string, unknown> | null;
  cost_usd: number | null;
}

export type ReportFormat = 'json' | 'md' | 'html';

function secondsBetween(from: string | undefined, to: string | undefined): number | null {
  if (!from || !to) return null;
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 100) / 10);
}

/** The report of a run (its record and its events). */
export async function buildRunReport(system: QueueSystem, run: RunRecord): Promise<RunReport> {
  const view = await runView(system, run);
  const events = await readAllRunEvents(system, run.id);
  const pages = pagesFromEvents(events);
  // A run that ended before issue 11 (or before finalizing) has no check kept: make it now.
  const check = run.citations ?? (run.answer ? checkCitations(run.answer, pages) : undefined);
  const sources: ReportSource[] = (check?.sources ?? []).map((source) => {
    const page = pages.get(addressKeyOf(source.url));
    const site = siteOf(source.url);
    return {
      n: source.n,
      title: source.title,
      url: source.url,
      site,
      date: page?.date ?? null,
      provider: page?.provider ?? null,
      icon: site ? `/api/site-icon/${encodeURIComponent(site)}` : null,
      mark: source.mark,
      cited: source.cited,
      run_number: source.run_number ?? null,
    };
  });
  const pictures: ReportPicture[] = (run.pictures ?? []).map((picture) => ({
    url: picture.url,
    source: picture.source,
    page: picture.page ?? null,
    item: picture.item ?? null,
    state: picture.state,
    display: picture.display
      ? {
          url: pictureAddress(run.id, picture.display.name),
          width: picture.display.width,
          height: picture.display.height,
        }
      : null,
    thumbnail: picture.thumbnail
      ? {
          url: pictureAddress(run.id, picture.thumbnail.name),
          width: picture.thumbnail.width,
          height: picture.thumbnail.height,
        }
      : null,
    reason: picture.reason ?? null,
  }));
  return {
    id: run.id,
    status: run.status,
    question: run.question,
    agent: run.agent,
    model: run.model ?? null,
    answer: run.answer ?? null,
    answer_body: run.answer ? parseAnswer(run.answer).body : null,
    citations: { cited: check?.cited ?? [], flags: check?.flags ?? [] },
    sources,
    pictures,
    budget: { searches: view.budget, reads: view.read_budget, media: view.media_budget },
    timings: {
      created_at: run.createdAt,
      started_at: run.startedAt ?? null,
      answered_at: run.answeredAt ?? null,
      ended_at: run.endedAt ?? null,
      waited_seconds: secondsBetween(run.createdAt, run.startedAt),
      agent_seconds: secondsBetween(run.startedAt, run.answeredAt ?? run.endedAt),
      finalizing_seconds: secondsBetween(run.answeredAt, run.endedAt),
    },
    usage: run.usage ?? null,
    cost_usd: run.costUsd ?? null,
  };
}

const MARK_WORDS: Record<SourceMark, string> = {
  read: 'read by this run',
  seen: 'seen in this run’s searches',
  'not-seen': 'not seen by this run (possibly made up)',
};

/** The kept display copy of an original address, for pictures the answer itself shows. */
function keptCopyOf(report: RunReport): (url: string) => string | undefined {
  const byOriginal = new Map(
    report.pictures
      .filter((picture) => picture.display)
      .map((picture) => [picture.url, picture.display!.url]),
  );
  return (url) => byOriginal.get(url);
}

/** The report as Markdown: the answer (its pictures at their kept copies), a gallery, the checked Sources. */
export function renderReportMarkdown(report: RunReport, baseUrl = ''): string {
  const kept = keptCopyOf(report);
  const body = (report.answer_body ?? '').replace(
    /!\[([^\]\n]*)\]\(([^)\s]+)\)/g,
    (whole, alt: string, address: string) => {
      const copy = kept(address);
      return copy ? `![${alt}](${baseUrl}${copy})` : whole;
    },
  );
  const lines = [`# ${report.question.replace(/\s+/g, ' ')}`, '', body || '_No answer._'];
  const shown = report.pictures.filter((picture) => picture.display);
  if (shown.length > 0) {
    lines.push('', '## Pictures', '');
    for (const picture of shown) {
      const alt = (picture.item ?? 'picture').replace(/[[\]]/g, '');
      lines.push(`[![${alt}](${baseUrl}${picture.thumbnail!.url})](${baseUrl}${picture.display!.url}) `);
      lines.push(`<${picture.url}>`, '');
    }
  }
  if (report.sources.length > 0) {
    lines.push('', 'Sources:');
    for (const source of report.sources) {
      const title = source.title.replace(/[[\]]/g, '');
      const note = source.mark === 'not-seen' ? ' — **not seen by this run**' : '';
      lines.push(`${source.n}. [${title}](${source.url})${note}`);
    }
  }
  const otherFlags = report.citations.flags.filter((flag) => flag.kind !== 'not-seen');
  if (otherFlags.length > 0) {
    lines.push('', 'Citation checks:');
    for (const flag of otherFlags) lines.push(`- ${flag.message}`);
  }
  return `${lines.join('\n')}\n`;
}

const STYLE = `
.quarry-report{font:16px/1.55 system-ui,sans-serif;max-width:52rem;margin:0 auto;padding:1rem;color:#1b1b1f}
.quarry-report h1{font-size:1.5rem;line-height:1.3}
.quarry-report .chip{display:inline-flex;align-items:center;gap:.2rem;padding:0 .35rem;margin:0 .1rem;border-radius:.7rem;background:#eef1f6;color:#234;font-size:.75rem;text-decoration:none;vertical-align:.1em}
.quarry-report .chip img{width:12px;height:12px}
.quarry-report .chip.flagged,.quarry-report .card.flagged{background:#fde8e8;color:#8a1010;outline:1px solid #d33}
.quarry-report .cards{list-style:none;padding:0;display:grid;gap:.6rem}
.quarry-report .card{padding:.6rem .8rem;border-radius:.5rem;background:#f6f7f9}
.quarry-report .card img{width:16px;height:16px;vertical-align:-3px;margin-right:.3rem}
.quarry-report .card .meta{font-size:.8rem;color:#555}
.quarry-report .mark{font-size:.75rem;font-weight:600;margin-left:.4rem}
.quarry-report .gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:.5rem}
.quarry-report .gallery img{width:100%;height:auto;border-radius:.4rem}
.quarry-report .flags{color:#8a1010}
`;

/**
 * How an HTML report names Quarry's own addresses (kept pictures, site icons): after `baseUrl`
 * (default relative, for a page Quarry serves), or, for a page kept as a file, by the data: addresses
 * in `embedded` (see `reportEmbedPaths`); a path missing there is left out, never left relative.
 */
export interface ReportAddressing {
  baseUrl?: string;
  embedded?: ReadonlyMap<string, string>;
}

function addressing(given: string | ReportAddressing): (path: string) => string | undefined {
  const { baseUrl = '', embedded } = typeof given === 'string' ? { baseUrl: given } : given;
  return embedded ? (path) => embedded.get(path) : (path) => `${baseUrl}${path}`;
}

/** Whether the answer shows this picture itself (`![...](address)`), not only in the gallery. */
function shownInAnswer(report: RunReport, url: string): boolean {
  return (report.answer_body ?? '').includes(`](${url})`);
}

/**
 * The Quarry paths a report kept as a file needs inside it: each kept picture's thumbnail (the
 * gallery), the display copy of each picture the answer shows, and each source's site icon.
 */
export function reportEmbedPaths(report: RunReport): {
  pictures: Array<{ path: string; name: string }>;
  icons: Array<{ path: string; host: string }>;
} {
  const pictures = new Map<string, string>();
  for (const picture of report.pictures) {
    if (!picture.thumbnail || !picture.display) continue;
    pictures.set(
      picture.thumbnail.url,
      picture.thumbnail.url.slice(picture.thumbnail.url.lastIndexOf('/') + 1),
    );
    if (shownInAnswer(report, picture.url))
      pictures.set(picture.display.url, picture.display.url.slice(picture.display.url.lastIndexOf('/') + 1));
  }
  const icons = new Map<string, string>();
  for (const source of report.sources) {
    if (source.icon && source.site) icons.set(source.icon, source.site);
  }
  return {
    pictures: [...pictures].map(([path, name]) => ({ path, name })),
    icons: [...icons].map(([path, host]) => ({ path, host })),
  };
}

/**
 * The report's body as HTML (no page around it), safe to embed: the console shows it on a run's page.
 * Quarry's own addresses (icons, kept pictures) are named as `address` says (default relative).
 */
export function renderReportBody(report: RunReport, address: string | ReportAddressing = ''): string {
  const own = addressing(address);
  const keptAsFile = typeof address !== 'string' && address.embedded !== undefined;
  const byNumber = new Map(report.sources.map((source) => [source.n, source]));
  const flaggedNumbers = new Set(
    report.citations.flags.filter((flag) => flag.kind !== 'source-not-cited').map((flag) => flag.n),
  );
  const iconOf = (source: ReportSource | undefined) => (source?.icon ? own(source.icon) : undefined);
  const chip = (n: number): string => {
    const source = byNumber.get(n);
    const flagged = flaggedNumbers.has(n) || !source;
    const iconAddress = iconOf(source);
    const icon = iconAddress ? html`<img src="${iconAddress}" alt="" width="12" height="12" />` : '';
    const title = source ? `${source.title} (${source.site})` : `No source ${n} in the Sources list`;
    return String(
      html`<a class="chip${flagged ? ' flagged' : ''}" href="#source-${n}" title="${title}">${icon}${n}</a>`,
    );
  };
  const kept = keptCopyOf(report);
  const answer = renderMarkdown(report.answer_body ?? '', {
    citation: chip,
    picture: (url) => (kept(url) ? own(kept(url)!) : undefined),
    ownAddresses: !keptAsFile,
  });
  const cards = report.sources.map((source) => {
    const flagged = source.mark === 'not-seen';
    const meta = [source.site, source.date, source.provider ? `via ${source.provider}` : null]
      .filter(Boolean)
      .join(' · ');
    // Only web addresses become links: a `javascript:` address the agent wrote stays text.
    const link = /^https?:\/\//i.test(source.url)
      ? html`<a href="${source.url}" rel="noopener noreferrer nofollow">${source.title}</a>`
      : html`${source.title} (${source.url})`;
    const iconAddress = iconOf(source);
    const icon = iconAddress ? html`<img src="${iconAddress}" alt="" />` : '';
    const uncited = source.cited ? '' : html`<span class="mark">never cited</span>`;
    return html`<li class="card${flagged ? ' flagged' : ''}" id="source-${source.n}">
      <span>[${source.n}]</span> ${icon}${link}<span class="mark">${MARK_WORDS[source.mark]}</span>${uncited}
      <div class="meta">${meta}</div>
    </li>`;
  });
  const gallery = report.pictures.flatMap((picture) => {
    if (!picture.display || !picture.thumbnail) return [];
    const thumbnail = own(picture.thumbnail.url);
    if (!thumbnail) return [];
    // A file has no server behind it: its thumbnails link to where the pictures came from.
    const target = keptAsFile
      ? /^https?:\/\//i.test(picture.url)
        ? picture.url
        : undefined
      : own(picture.display.url);
    const image = html`<img
      src="${thumbnail}"
      alt="${picture.item ?? ''}"
      width="${picture.thumbnail.width}"
      height="${picture.thumbnail.height}"
      loading="lazy"
    />`;
    return [target ? html`<a href="${target}" rel="noopener noreferrer nofollow">${image}</a>` : image];
  });
  const flags = report.citations.flags.map((flag) => html`<li>${flag.message}</li>`);
  return String(
    html`<article class="quarry-report">
      <style>
        ${raw(STYLE)}
      </style>
      <h1>${report.question}</h1>
      <div class="answer">${raw(answer)}</div>
      ${
        flags.length > 0
          ? html`<section class="flags">
              <h2>Citation checks</h2>
              <ul>
                ${flags}
              </ul>
            </section>`
          : ''
      }
      ${
        cards.length > 0
          ? html`<section>
              <h2>Sources</h2>
              <ol class="cards">
                ${cards}
              </ol>
            </section>`
          : ''
      }
      ${
        gallery.length > 0
          ? html`<section>
              <h2>Pictures</h2>
              <div class="gallery">${gallery}</div>
            </section>`
          : ''
      }
    </article>`,
  );
}

/** The report as a standalone HTML page. */
export function renderReportHtml(report: RunReport, address: string | ReportAddressing = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(report.question)} — Quarry report</title></head>
<body>${renderReportBody(report, address)}</body></html>
`;
}

/** The report in a format, with its content type (`address`: how HTML names Quarry's own addresses). */
export function renderReport(
  report: RunReport,
  format: ReportFormat,
  address: string | ReportAddressing = '',
): { body: string; contentType: string } {
  const baseUrl = typeof address === 'string' ? address : (address.baseUrl ?? '');
  if (format === 'md')
    return { body: renderReportMarkdown(report, baseUrl), contentType: 'text/markdown; charset=utf-8' };
  if (format === 'html')
    return { body: renderReportHtml(report, address), contentType: 'text/html; charset=utf-8' };
  return { body: `${JSON.stringify(report, null, 2)}\n`, contentType: 'application/json; charset=utf-8' };
}
