// Ranks a document's passages for a question by meaning, with an OpenAI-compatible `/embeddings`
// endpoint the operator configures (Ollama, a text-embeddings server, OpenAI): a question asked in other
// words or another language than the page's finds its answer where shared words cannot. Optional: the
// local ranking stays the default, and answers whenever the endpoint is not set or fails.
import { z } from 'zod';
import { passagesWithinBudget, type Passage, type QuestionMatch } from './extract/question-filter.ts';
import { cosine } from './extract/word-vectors.ts';

/** Where the embeddings come from (from `QUARRY_EMBEDDINGS_URL`, `_MODEL`, `_API_KEY`). */
export interface EmbeddingsSettings {
  /** The API's base address, e.g. `http://127.0.0.1:11434/v1`; `/embeddings` is added. */
  url: string;
  model: string;
  apiKey?: string;
}

/** Texts sent in one request: small enough for every server's batch limit, few round trips. */
const BATCH_SIZE = 64;
/** Passages embedded at most; a longer document's later passages are ranked by the local ranking only. */
const MOST_PASSAGES = 256;
/** Characters of a passage sent: embedding models read a few hundred words at most. */
const PASSAGE_CHARACTERS = 2_000;
/** One request may take this long before the local ranking answers instead. */
const REQUEST_TIMEOUT_MS = 15_000;
/** What a passage the local ranking also chose gains: shared words are still evidence. */
const LOCAL_AGREEMENT = 0.05;

const embeddingsAnswer = z.object({
  data: z.array(
    z.object({ embedding: z.array(z.number()), index: z.number().int().nonnegative().nullish() }),
  ),
});

/** The embeddings endpoint failed; the message says what to check and where. */
export class EmbeddingsError extends Error {
  override name = 'EmbeddingsError';
}

function endpointOf(settings: EmbeddingsSettings): string {
  return `${settings.url.replace(/\/+$/, '')}/embeddings`;
}

/** One vector per text, in the texts' order. */
export async function embed(
  settings: EmbeddingsSettings,
  texts: readonly string[],
  fetchImplementation: typeof fetch = fetch,
): Promise<number[][]> {
  const endpoint = endpointOf(settings);
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += BATCH_SIZE) {
    const batch = texts.slice(start, start + BATCH_SIZE);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
    let response: Response;
    try {
      response = await fetchImplementation(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: settings.model, input: batch }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new EmbeddingsError(
        `Embeddings request to ${endpoint} failed (${(error as Error).message}): check QUARRY_EMBEDDINGS_URL and that the server runs.`,
      );
    }
    if (!response.ok) {
      const hint =
        response.status === 401 || response.status === 403
          ? 'check QUARRY_EMBEDDINGS_API_KEY'
          : 'check QUARRY_EMBEDDINGS_URL and QUARRY_EMBEDDINGS_MODEL';
      throw new EmbeddingsError(
        `Embeddings request to ${endpoint} answered HTTP ${response.status}: ${hint}.`,
      );
    }
    const parsed = embeddingsAnswer.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success || parsed.data.data.length !== batch.length) {
      throw new EmbeddingsError(
        `Embeddings answer from ${endpoint} is not an OpenAI-style {data: [{embedding}]} with one vector per input: check QUARRY_EMBEDDINGS_URL.`,
      );
    }
    const ordered = [...parsed.data.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    for (const item of ordered) vectors.push(item.embedding);
  }
  return vectors;
}

/**
 * The passages that answer the question by the embeddings' similarity, best first, within the same
 * share of the document as the local ranking; passages the local ranking chose too gain a little.
 * Throws `EmbeddingsError` when the endpoint fails, so the caller keeps the local answer.
 */
export async function rankPassagesByEmbeddings(
  question: string,
  passages: readonly Passage[],
  localMatches: readonly QuestionMatch[],
  partSize: number,
  settings: EmbeddingsSettings,
  fetchImplementation: typeof fetch = fetch,
): Promise<QuestionMatch[]> {
  if (passages.length === 0) return [];
  const embedded = passages.slice(0, MOST_PASSAGES);
  const [questionVector, ...passageVectors] = await embed(
    settings,
    [question, ...embedded.map((passage) => passage.text.slice(0, PASSAGE_CHARACTERS))],
    fetchImplementation,
  );
  // The local ranking returns sentences (joined where they touch), these are paragraphs: a paragraph
  // agrees with it when it holds one of the paragraph pieces the local matches are made of.
  const chosenLocally = localMatches.flatMap((match) => match.text.split('\n\n'));
  const agrees = (passage: Passage): boolean => chosenLocally.some((piece) => passage.text.includes(piece));
  // Similarities are shifted above zero, so every embedded passage can be chosen.
  const scores = passages.map((passage, index) => {
    const vector = passageVectors[index];
    const similarity = vector ? (cosine(questionVector!, vector) + 1) / 2 : 0;
    return similarity + (agrees(passage) ? LOCAL_AGREEMENT : 0);
  });
  return passagesWithinBudget(scores, passages, partSize);
}
