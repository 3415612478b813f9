// A finished run's report on its page. SEAM: the run-end issue (helper "runend") builds the full
// report (GET /api/runs/:id/report and an HTML renderer with citation chips, site icons, source cards
// with seen/read/not-seen marks, pictures). Until it lands, this shows what the run record and its
// events hold: the answer, with its [n] citations as chips that lead to the source cards, and the
// sources the run's searches returned, each marked read or only seen. When the renderer lands, render
// it here in place of <ReportFromEvents> (it escapes what it shows, as JSX does here).
import type { RunEvent } from '../../research/run-events.ts';
import type { RunView } from '../../research/run-view.ts';
import { TeachingMessage } from './layout.tsx';

interface Source {
  n: number;
  title: string;
  url: string;
  read: boolean;
}

interface Picture {
  url: string;
  page?: string;
  name?: string;
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

/** The sources the run's searches returned (by Quarry's numbers) and the pictures it found. */
export function reportMaterial(events: RunEvent[]): { sources: Source[]; pictures: Picture[] } {
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
          read: false,
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
  for (const source of sources.values()) source.read = read.has(source.url);
  return { sources: [...sources.values()].sort((a, b) => a.n - b.n), pictures };
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

export function RunReport(props: { run: RunView; events: RunEvent[] }) {
  const { sources, pictures } = reportMaterial(props.events);
  const numbers = new Set(sources.map((source) => source.n));
  return (
    <section aria-labelledby="report-heading" class="card report">
      <h2 id="report-heading">Report</h2>
      {props.run.answer ? (
        <AnswerText answer={props.run.answer} numbers={numbers} />
      ) : (
        <p>
          The run ended {props.run.status} without an answer
          {props.run.reason ? (
            <>
              : <TeachingMessage text={props.run.reason} />
            </>
          ) : (
            '.'
          )}
        </p>
      )}
      {sources.length > 0 ? (
        <>
          <h3>Sources</h3>
          <ul class="sources">
            {sources.map((source) => {
              const host = webAddress(source.url)!.hostname;
              return (
                <li id={`source-${source.n}`} class="source-card">
                  <img src={`/api/site-icon/${encodeURIComponent(host)}`} alt="" width={16} height={16} />
                  <span class="source-number">{source.n}</span>
                  <a href={source.url} rel="noreferrer noopener">
                    {source.title}
                  </a>
                  <span class={`mark ${source.read ? 'mark-read' : 'mark-seen'}`}>
                    {source.read ? 'read' : 'seen'}
                  </span>
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
                <a href={picture.page ?? picture.url} rel="noreferrer noopener">
                  {picture.name ?? webAddress(picture.url)!.hostname}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
