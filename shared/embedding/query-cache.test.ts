import { expect } from 'chai';
import { Embedder, EmbeddingInputError, QueryEmbeddingCache, type TextEmbedder } from '.';

// The real model behind the cache, counted: each test sees how many texts reached it.

/** The embedder, counting the query texts that reach the model. */
class Counted implements TextEmbedder {
  readonly dims: number;
  readonly model: string;
  queries: string[] = [];
  constructor(private readonly inner: TextEmbedder) {
    this.dims = inner.dims;
    this.model = inner.model;
  }
  embedQueries(texts: readonly string[]) {
    this.queries.push(...texts);
    return this.inner.embedQueries(texts);
  }
  embedDocuments(texts: readonly string[]) {
    return this.inner.embedDocuments(texts);
  }
}

describe('QueryEmbeddingCache', function () {
  this.timeout(20_000);
  let embedder: Embedder;
  let counted: Counted;

  before(async () => {
    embedder = await Embedder.load();
  });
  after(() => embedder?.close());
  beforeEach(() => {
    counted = new Counted(embedder);
  });

  it('answers a repeated query with the same vector without running the model again', async () => {
    const cache = new QueryEmbeddingCache(counted, 100);
    const [first] = await cache.embedQueries(['care assistant']);
    const [again] = await cache.embedQueries(['care assistant']);
    expect(again).to.equal(first);
    expect(counted.queries).to.deep.equal(['care assistant']);
    expect([...first]).to.deep.equal([...(await embedder.embedQueries(['care assistant']))[0]]);
    expect(cache).to.include({ dims: 384, model: embedder.model, size: 1 });
  });

  it('runs the model once for concurrent requests of one query', async () => {
    const cache = new QueryEmbeddingCache(counted, 100);
    const answers = await Promise.all([cache.embedQueries(['data engineer']), cache.embedQueries(['data engineer'])]);
    expect(answers[1][0]).to.equal(answers[0][0]);
    expect(counted.queries).to.deep.equal(['data engineer']);
  });

  it('takes a query that differs in case and white space only for the same one, as the model does', async () => {
    const cache = new QueryEmbeddingCache(counted, 100);
    const [plain] = await cache.embedQueries(['care assistant at home']);
    const [shouted] = await cache.embedQueries(['  Care   ASSISTANT\tat home ']);
    expect(shouted).to.equal(plain);
    expect(counted.queries).to.have.length(1);
    expect([...(await embedder.embedQueries(['  Care   ASSISTANT\tat home ']))[0]]).to.deep.equal([...plain]);
  });

  it('keeps the most recently used queries', async () => {
    const cache = new QueryEmbeddingCache(counted, 2);
    await cache.embedQueries(['nurse', 'chef']);
    await cache.embedQueries(['nurse']);
    await cache.embedQueries(['driver']); // pushes out chef, used least recently
    await cache.embedQueries(['nurse', 'chef']);
    expect(counted.queries).to.deep.equal(['nurse', 'chef', 'driver', 'chef']);
  });

  it('caches no refusal, and the refusal names its place in the list', async () => {
    const cache = new QueryEmbeddingCache(counted, 100);
    for (let i = 0; i < 2; i++) {
      const error = (await cache.embedQueries(['nurse', '  ']).catch((err: unknown) => err)) as EmbeddingInputError;
      expect(error).to.be.instanceOf(EmbeddingInputError);
      expect(error).to.include({ status: 400, reason: 'empty', index: 1 });
    }
    expect(counted.queries).to.deep.equal(['nurse', '  ', '  ']);
    expect(cache.size).to.equal(1);
  });

  it('passes everything to the model when its size is 0', async () => {
    const cache = new QueryEmbeddingCache(counted, 0);
    await cache.embedQueries(['nurse']);
    await cache.embedQueries(['nurse']);
    await cache.embedDocuments(['Nurse, nights']);
    expect(counted.queries).to.deep.equal(['nurse', 'nurse']);
    expect(cache.size).to.equal(0);
  });
});
