// A finished run's report on its page. SEAM: the run-end issue (helper "runend") builds the report
// (`GET /api/runs/:id/report`: sources with seen/read/not-seen marks and site icons, kept pictures,
// citation checks). The console asks that route for the report as JSON, through the app itself (no
// network), and draws it here with JSX, which escapes every word an agent or a page wrote. Where the
// route does not exist yet (404), the report is drawn from the run record and its events instead:
// the answer, its [n] citations as chips, and the sources the run's searches returned, read or seen.
import type { RunEvent } from '../../research/run-events.ts';
import type { RunView } from '../../research/run-view.ts';
import { z } from 'zod';

interface Source {
  n: number;
  title: string;
  url: string;
  mark: 'read' | 'seen' | 'not-seen';
  icon?: string;
  cited?: boolean;
}

interface Picture {
  url: string;
  page?: string;
  name?: string;
  /** A kept copy's thumbnail on this server. */
  thumbnail?: { url: string; width: number; height: number };
}

function webAddress(text: unknown): URL | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The fields of the run-end report (`GET /api/runs/:id/report?format=json`) the page shows. */
export const apiReportSchema = z.object({
  answer: z.string().nullish(),
  answer_body: z.string().nullish(),
  sources: z.array(
    z.object({
      n: z.number(),
      title: z.string(),
      url: z.string(),
      site: z.string().nullish(),
      icon: z.string().nullish(),
      mark: z.enum(['read', 'seen', 'not-seen']),
      cited: z.boolean().nullish(),
    }),
  ),
  pictures: z
    .array(
      z.object({
        url: z.string(),
        page: z.string().nullish(),
        item: z.string().nullish(),
        thumbnail: z.object({ url: z.string(), width: z.number(), height: z.number() }).nullish(),
        display: z.object({ url: z.string() }).nullish(),
      }),
    )
    .default([]),
  citations: z
    .object({ flags: z.array(z.object({ n: z.number().nullish(), message: z.string() })).default([]) })
    .nullish(),
});
export type ApiReport = z.infer<typeof apiReportSchema>;

/** Quarry's own addresses (icons, kept pictures) only: a path on this server. */
function ownPath(path: string | null | undefined): string | undefined {
  return path && path.startsWith('/') && !path.startsWith('//') ? path : undefined;
}

/** The sources the run's searches returned (by Quarry's numbers) and the pictures it found. */
export function reportMaterial(events: RunEvent[]): {
  sources: Source[];
  pictures: Picture[];
  flags: string[];
} {
  const sources = new Map<number, Source>();
  const read = new Set<string>();
  const pictures: Picture[] = [];
  for (const event of events) {
    if (event.type !== 'tool' || event.data.ok !== true) continue;
    const data = event.data as Record<string, unknown>;
    if (data.tool === 'web_search' && Array.isArray(data.results)) {
      for (const result of data.results as Array<{ n?: unknown; title?: unknown; url?: unknown }>) {
        if (typeof result.n !== 'number' || !webAddress(result.url) || sources.has(result.n)) continue;
        sources.set(result.n, {
          n: result.n,
          title: typeof result.title === 'string' ? result.title : String(result.url),
          url: String(result.url),
          mark: 'seen',
        });
      }
    }
    if (data.tool === 'read_page') {
      const page = data.page as { url?: unknown } | undefined;
      if (typeof page?.url === 'string') read.add(page.url);
    }
    if (data.tool === 'find_media' && Array.isArray(data.items)) {
      for (const item of data.items as Array<{
        name?: unknown;
        pictures?: Array<{ url?: unknown; page?: unknown }>;
      }>) {
        for (const picture of item.pictures ?? []) {
          if (!webAddress(picture.url)) continue;
          pictures.push({
            url: String(picture.url),
            ...(typeof picture.page === 'string' ? { page: picture.page } : {}),
            ...(typeof item.name === 'string' ? { name: item.name } : {}),
          });
        }
      }
    }
  }
  for (const source of sources.values()) if (read.has(source.url)) source.mark = 'read';
  return { sources: [...sources.values()].sort((a, b) => a.n - b.n), pictures, flags: [] };
}

/** The answer's text with each [n] that names a source as a chip linking to its card. */
function AnswerText(props: { answer: string; numbers: Set<number> }) {
  const parts = props.answer.split(/\[(\d{1,4})\]/);
  return (
    <div class="answer">
      {parts.map((part, index) => {
        if (index % 2 === 0) return part;
        const n = Number(part);
        return props.numbers.has(n) ? (
          <a class="chip" href={`#source-${n}`} aria-label={`source ${n}`}>
            {part}
          </a>
        ) : (
          `[${part}]`
        );
      })}
    </div>
  );
}

function fromApi(report: ApiReport): {
  sources: Source[];
  pictures: Picture[];
  flags: string[];
  answer?: string;
} {
  return {
    ...(report.answer_body || report.answer ? { answer: (report.answer_body ?? report.answer)! } : {}),
    sources: report.sources.map((source) => ({
      n: source.n,
      title: source.title,
      url: source.url,
      mark: source.mark,
      ...(ownPath(source.icon) ? { icon: ownPath(source.icon)! } : {}),
      ...(source.cited === false ? { cited: false } : {}),
    })),
    pictures: report.pictures
      .filter((picture) => webAddress(picture.url))
      .map((picture) => ({
        url: ownPath(picture.display?.url) ?? picture.url,
        ...(picture.page ? { page: picture.page } : {}),
        ...(picture.item ? { name: picture.item } : {}),
        ...(picture.thumbnail && ownPath(picture.thumbnail.url) ? { thumbnail: picture.thumbnail } : {}),
      })),
    flags: (report.citations?.flags ?? []).map((flag) => flag.message),
  };
}

const MARK_WORDS: Record<Source['mark'], string> = {
  read: 'read',
  seen: 'seen',
  'not-seen': 'not seen (possibly made up)',
};

export function RunReport(props: { run: RunView; events: RunEvent[]; report?: ApiReport | undefined }) {
  const material = props.report ? fromApi(props.report) : reportMaterial(props.events);
  const { sources, pictures, flags } = material;
  const answer = props.report ? (material as { answer?: string }).answer : (props.run.answer ?? undefined);
  const numbers = new Set(sources.map((source) => source.n));
  return (
    <section aria-labelledby="report-heading" class="card report">
      <h2 id="report-heading">Report</h2>
      {answer ? (
        <AnswerText answer={answer} numbers={numbers} />
      ) : (
        // Why it ended is on the run's card above (its reason): not said twice.
        <p>No answer: the run ended ({props.run.status}) before its agent gave one.</p>
      )}
      {flags.length > 0 ? (
        <>
          <h3>Citation checks</h3>
          <ul class="flags">
            {flags.map((flag) => (
              <li>{flag}</li>
            ))}
          </ul>
        </>
      ) : null}
      {sources.length > 0 ? (
        <>
          <h3>Sources</h3>
          <ul class="sources">
            {sources.map((source) => {
              const address = webAddress(source.url);
              const host = address?.hostname ?? '';
              return (
                <li id={`source-${source.n}`} class="source-card">
                  <img
                    src={source.icon ?? `/api/site-icon/${encodeURIComponent(host)}`}
                    alt=""
                    width={16}
                    height={16}
                  />
                  <span class="source-number">{source.n}</span>
                  {address ? (
                    <a href={address.toString()} rel="noreferrer noopener">
                      {source.title}
                    </a>
                  ) : (
                    <span>
                      {source.title} ({source.url})
                    </span>
                  )}
                  <span class={`mark mark-${source.mark}`}>{MARK_WORDS[source.mark]}</span>
                  {source.cited === false ? <span class="mark mark-seen">never cited</span> : null}
                  <span class="host">{host}</span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {pictures.length > 0 ? (
        <>
          <h3>Pictures</h3>
          <ul class="pictures">
            {pictures.map((picture) => (
              <li>
                <a
                  href={
                    webAddress(picture.page)?.toString() ??
                    ownPath(picture.url) ??
                    webAddress(picture.url)?.toString()
                  }
                  rel="noreferrer noopener"
                >
                  {picture.thumbnail ? (
                    <img
                      src={picture.thumbnail.url}
                      alt={picture.name ?? ''}
                      width={picture.thumbnail.width}
                      height={picture.thumbnail.height}
                      loading="lazy"
                    />
                  ) : (
                    (picture.name ?? webAddress(picture.url)?.hostname ?? 'picture')
                  )}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
