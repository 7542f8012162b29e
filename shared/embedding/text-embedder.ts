/** What embeds texts: the model itself (Embedder) or the model behind a query cache (QueryEmbeddingCache). */
export interface TextEmbedder {
  /** Length of every vector. */
  readonly dims: number;
  /** The model's name, as the API and the docs show it. */
  readonly model: string;
  /**
   * Search queries, each with the model's retrieval instruction before it: unit vectors, in the
   * order given. Rejects with an EmbeddingInputError (400) for a text it cannot embed.
   */
  embedQueries(texts: readonly string[]): Promise<Float32Array[]>;
  /** Documents, as they are (cut to the model's length): unit vectors, in the order given. */
  embedDocuments(texts: readonly string[]): Promise<Float32Array[]>;
}
