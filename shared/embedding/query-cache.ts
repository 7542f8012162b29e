import { LRUCache } from 'lru-cache';
import { EmbeddingInputError } from './errors';
import type { TextEmbedder } from './text-embedder';

/**
 * The cache's key of a query: trimmed, runs of white space made one space, lowercased. The model's
 * tokenizer ignores exactly these differences (it lowercases, and splits on any white space), so
 * every query of one key gets the same vector from the model too.
 */
export function queryKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A TextEmbedder whose query vectors are kept in a least-recently-used cache of `size` entries,
 * so a repeated query pays for the model once; concurrent requests for one key share a single
 * model run. A text the model refuses is not cached. Documents pass through. The vectors a hit
 * answers are shared: never change them.
 */
export class QueryEmbeddingCache implements TextEmbedder {
  readonly dims: number;
  readonly model: string;
  private readonly cache?: LRUCache<string, Float32Array, string>;

  constructor(
    private readonly embedder: TextEmbedder,
    size: number,
  ) {
    this.dims = embedder.dims;
    this.model = embedder.model;
    if (size > 0) {
      this.cache = new LRUCache<string, Float32Array, string>({
        max: size,
        fetchMethod: async (_key, _stale, { context }) => (await embedder.embedQueries([context]))[0],
      });
    }
  }

  /** Query vectors kept now. */
  get size(): number {
    return this.cache?.size ?? 0;
  }

  async embedQueries(texts: readonly string[]): Promise<Float32Array[]> {
    const cache = this.cache;
    if (!cache) return this.embedder.embedQueries(texts);
    return Promise.all(
      texts.map(async (text, index) => {
        try {
          return (await cache.fetch(queryKey(text), { context: text }))!;
        } catch (err) {
          // The model saw this text alone: its error names place 0.
          throw err instanceof EmbeddingInputError ? err.at(index) : err;
        }
      }),
    );
  }

  embedDocuments(texts: readonly string[]): Promise<Float32Array[]> {
    return this.embedder.embedDocuments(texts);
  }
}
