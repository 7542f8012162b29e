import { expect } from 'chai';
import { ConfigError } from '../config';
import { clsPooled } from './pooling';
import { queryKey } from './query-cache';
import { defaultModelDir, loadEmbeddingConfig } from './settings';
import { bertFeeds } from './tensors';

describe('embedding: tensors, pooling, cache keys and settings', () => {
  it('pads a batch with 0 and masks the padding out', () => {
    const feeds = bertFeeds([
      [101, 7, 102],
      [101, 102],
    ]);
    expect(feeds.input_ids.dims).to.deep.equal([2, 3]);
    expect([...(feeds.input_ids.data as BigInt64Array)]).to.deep.equal([101n, 7n, 102n, 101n, 102n, 0n]);
    expect([...(feeds.attention_mask.data as BigInt64Array)]).to.deep.equal([1n, 1n, 1n, 1n, 1n, 0n]);
    expect([...(feeds.token_type_ids.data as BigInt64Array)]).to.deep.equal([0n, 0n, 0n, 0n, 0n, 0n]);
  });

  it("pools each row by its first token's vector, scaled to length 1", () => {
    // 2 rows, 2 tokens, 2 dims: row 0's [CLS] is (3, 4), row 1's (0, 2).
    const hidden = new Float32Array([3, 4, 9, 9, 0, 2, 9, 9]);
    expect(clsPooled(hidden, 2, 2, 2)).to.deep.equal([new Float32Array([0.6, 0.8]), new Float32Array([0, 1])]);
  });

  it('keys a query by what the tokenizer reads: case and runs of white space do not count', () => {
    expect(queryKey('  Care \t ASSISTANT\nat  home ')).to.equal('care assistant at home');
    expect(queryKey('care-assistant')).to.not.equal(queryKey('care assistant'));
  });

  it('reads its settings with their defaults, and refuses a bad one by name', () => {
    expect(loadEmbeddingConfig({})).to.deep.equal({ modelDir: defaultModelDir(), threads: 1, queryCacheSize: 10_000 });
    expect(
      loadEmbeddingConfig({ EMBEDDING_MODEL_DIR: '/models/bge', EMBEDDING_THREADS: '2', EMBEDDING_QUERY_CACHE_SIZE: '0' }),
    ).to.deep.equal({
      modelDir: '/models/bge',
      threads: 2,
      queryCacheSize: 0,
    });
    expect(() => loadEmbeddingConfig({ EMBEDDING_THREADS: '0' })).to.throw(ConfigError, 'EMBEDDING_THREADS');
  });
});
