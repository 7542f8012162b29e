import { existsSync } from 'node:fs';
import path from 'node:path';
import { InferenceSession } from 'onnxruntime-node';
import { ConfigError } from '../config';
import { embeddingErrors } from './errors';
import { MODEL_CARD } from './model-card';
import { clsPooled } from './pooling';
import { loadEmbeddingConfig, type EmbeddingConfig } from './settings';
import { bertFeeds } from './tensors';
import type { TextEmbedder } from './text-embedder';
import { Tokens } from './tokens';

/** Tokens of a query at most, its instruction not counted: agents' queries are a few words. */
export const MAX_QUERY_TOKENS = 256;
/**
 * Texts per model run, by default: 17 % more documents a second than one at a time on one thread,
 * 50 % more on two. The model quantizes its activations per run, over the whole batch, so a text's
 * vector moves a little with the texts it shares a run with (cosine 0.996 to its vector alone):
 * far below what changes a ranking, but a caller that needs each text's vector to be exactly the
 * same every time passes batchSize 1.
 */
export const BATCH_SIZE = 32;

export interface EmbedderOptions extends Partial<Pick<EmbeddingConfig, 'modelDir' | 'threads'>> {
  /** Tokens of a query at most (default MAX_QUERY_TOKENS). */
  maxQueryTokens?: number;
  /** Texts per model run (default BATCH_SIZE). */
  batchSize?: number;
}

/**
 * bge-small-en-v1.5 run in this process by onnxruntime: texts in, unit vectors of 384 numbers
 * out. A run takes the thread it is called on (onnxruntime-node's run is synchronous) plus
 * `threads - 1` of its own, so the event loop waits for it: a query costs a few milliseconds, a
 * batch of 32 documents 0.2 s (55 tokens each) to several seconds (512 tokens each).
 */
export class Embedder implements TextEmbedder {
  readonly dims = MODEL_CARD.dims;
  readonly model = MODEL_CARD.name;

  private constructor(
    private readonly session: InferenceSession,
    private readonly tokens: Tokens,
    private readonly instruction: number[],
    private readonly maxQueryTokens: number,
    private readonly batchSize: number,
  ) {}

  /**
   * Loads the model from its folder (EMBEDDING_MODEL_DIR, else where scripts/embedding-model.sh
   * puts it); throws ConfigError when the files are not there.
   */
  static async load(options: EmbedderOptions = {}): Promise<Embedder> {
    const { modelDir, threads } = { ...loadEmbeddingConfig(), ...definedOnly(options) };
    const modelFile = path.join(modelDir, MODEL_CARD.modelFile);
    const tokenizerFile = path.join(modelDir, MODEL_CARD.tokenizerFile);
    if (!existsSync(modelFile) || !existsSync(tokenizerFile)) {
      throw new ConfigError(
        `no embedding model in ${modelDir} (${MODEL_CARD.modelFile} and ${MODEL_CARD.tokenizerFile}): run scripts/embedding-model.sh, or set EMBEDDING_MODEL_DIR`,
      );
    }
    const tokens = await Tokens.load(tokenizerFile);
    const session = await InferenceSession.create(modelFile, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    const instruction = tokens.words(MODEL_CARD.queryInstruction, MODEL_CARD.maxTokens);
    return new Embedder(session, tokens, instruction, options.maxQueryTokens ?? MAX_QUERY_TOKENS, options.batchSize ?? BATCH_SIZE);
  }

  async embedQueries(texts: readonly string[]): Promise<Float32Array[]> {
    const sequences = texts.map((text, index) => {
      const words = this.tokens.words(text, this.maxQueryTokens + 1);
      if (!this.tokens.readable(words)) throw embeddingErrors.empty(index);
      if (words.length > this.maxQueryTokens) throw embeddingErrors.queryTooLong(index, words.length, this.maxQueryTokens);
      return this.tokens.sequence([this.instruction, words], MODEL_CARD.maxTokens);
    });
    return this.embed(sequences);
  }

  async embedDocuments(texts: readonly string[]): Promise<Float32Array[]> {
    const sequences = texts.map((text, index) => {
      const words = this.tokens.words(text, MODEL_CARD.maxTokens);
      if (!this.tokens.readable(words)) throw embeddingErrors.empty(index, `texts[${index}]`);
      return this.tokens.sequence([words], MODEL_CARD.maxTokens);
    });
    return this.embed(sequences);
  }

  /** Frees the model's memory; the embedder cannot be used after. */
  async close(): Promise<void> {
    await this.session.release();
  }

  /** Runs the sequences in batches of similar length (little padding), answering in the order given. */
  private async embed(sequences: number[][]): Promise<Float32Array[]> {
    const order = sequences.map((_, i) => i).sort((a, b) => sequences[a].length - sequences[b].length);
    const vectors = new Array<Float32Array>(sequences.length);
    for (let start = 0; start < order.length; start += this.batchSize) {
      const batch = order.slice(start, start + this.batchSize);
      const pooled = await this.run(batch.map((i) => sequences[i]));
      batch.forEach((i, k) => (vectors[i] = pooled[k]));
    }
    return vectors;
  }

  private async run(batch: number[][]): Promise<Float32Array[]> {
    const feeds = bertFeeds(batch);
    const output = (await this.session.run({ ...feeds }))[MODEL_CARD.output];
    const [rows, tokens, dims] = output.dims;
    try {
      return clsPooled(output.data as Float32Array, rows, tokens, dims);
    } finally {
      output.dispose();
    }
  }
}

/** The options that were given a value, so that an undefined one keeps the setting's. */
function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
