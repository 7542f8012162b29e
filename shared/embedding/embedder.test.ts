import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config';
import { Embedder, EmbeddingInputError, MAX_QUERY_TOKENS, MODEL_CARD } from '.';

// The real model (scripts/embedding-model.sh fetches it; `npm test`'s pretest runs that script).

const CARER =
  'Domiciliary Carer. Visit older clients in their own homes: help with personal care, washing and dressing, meals and medication, and be good company.';
const DATA_ENGINEER =
  'Data Engineer. Design, build and run the batch and streaming pipelines that feed our warehouse, in Python, SQL, Spark and Airflow.';
const PHYSIO =
  'Physiotherapist, orthopaedic outpatients. Assess and treat patients after joint replacement and fracture surgery, and plan their rehabilitation.';
const POSTINGS = [CARER, DATA_ENGINEER, PHYSIO];

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);
const nearest = (query: Float32Array, docs: Float32Array[]) =>
  docs.map((d) => dot(query, d)).reduce((best, s, i, all) => (s > all[best] ? i : best), 0);

describe('Embedder (bge-small-en-v1.5, int8 ONNX)', function () {
  this.timeout(20_000);
  let embedder: Embedder;
  let postings: Float32Array[];

  before(async () => {
    embedder = await Embedder.load({ threads: 1 });
    postings = await embedder.embedDocuments(POSTINGS);
  });
  after(() => embedder?.close());

  it('names the model and answers unit vectors of 384 numbers', async () => {
    expect(embedder.model).to.equal('bge-small-en-v1.5 (int8, ONNX)');
    expect(embedder.dims).to.equal(384);
    const [query] = await embedder.embedQueries(['night shift nurse']);
    for (const vector of [query, ...postings]) {
      expect(vector).to.be.instanceOf(Float32Array);
      expect(vector.length).to.equal(384);
      expect(Math.sqrt(dot(vector, vector))).to.be.closeTo(1, 1e-5);
    }
  });

  it('puts each query nearest the posting it means', async () => {
    const queries = await embedder.embedQueries([
      'care assistant looking after elderly people at home',
      'someone to build our data pipelines',
      'help patients recover movement after surgery',
    ]);
    expect(queries.map((q) => nearest(q, postings))).to.deep.equal([0, 1, 2]);
    const [care] = queries;
    expect(dot(care, postings[0]) - dot(care, postings[1])).to.be.above(0.15);
  });

  it('embeds a batch as it embeds each text alone, in the order given', async () => {
    const texts = [PHYSIO, 'Chef', CARER, `${DATA_ENGINEER} ${DATA_ENGINEER}`, 'Warehouse operative, forklift licence'];
    const batch = await embedder.embedDocuments(texts);
    const alone = await Promise.all(texts.map(async (text) => (await embedder.embedDocuments([text]))[0]));
    // Not bit for bit: the model quantizes its activations over the whole batch (see BATCH_SIZE).
    batch.forEach((vector, i) => expect(dot(vector, alone[i]), texts[i]).to.be.above(0.99));
    const single = await Embedder.load({ batchSize: 1 });
    try {
      const unbatched = await single.embedDocuments(texts);
      unbatched.forEach((vector, i) => expect([...vector]).to.deep.equal([...alone[i]]));
    } finally {
      await single.close();
    }
  });

  it('puts the instruction before a query, and nothing before a document', async () => {
    const [query] = await embedder.embedQueries(['domiciliary carer']);
    const [instructed] = await embedder.embedDocuments([`${MODEL_CARD.queryInstruction}domiciliary carer`]);
    const [bare] = await embedder.embedDocuments(['domiciliary carer']);
    expect([...query]).to.deep.equal([...instructed]);
    expect(dot(query, bare)).to.be.below(0.99);
  });

  it('reads the first 512 tokens of a long document and ignores the rest', async () => {
    const long = Array.from({ length: 600 }, (_, i) => `care${i % 10}`).join(' ');
    const [cut] = await embedder.embedDocuments([long]);
    const [tailChanged] = await embedder.embedDocuments([`${long} data engineer spark airflow python`]);
    expect([...cut]).to.deep.equal([...tailChanged]);
  });

  it('refuses a text with no words with a 400 that says so', async () => {
    for (const text of ['', '   \n\t', '🙂🙂']) {
      const error = await embedder.embedQueries(['nurse', text]).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error, JSON.stringify(text)).to.be.instanceOf(EmbeddingInputError);
      const refused = error as EmbeddingInputError;
      expect(refused).to.include({ status: 400, code: 'invalid_request', reason: 'empty', index: 1 });
      expect(refused.toBody()).to.deep.equal({
        code: 'invalid_request',
        message:
          'The text has nothing the embedding model can read: it is blank, or only characters the model does not know (such as emoji).',
        hint: 'Send some words: letters or digits.',
        details: [{ field: 'q', message: 'has no words' }],
      });
    }
    const error = (await embedder.embedDocuments([CARER, ' ']).catch((err: unknown) => err)) as EmbeddingInputError;
    expect(error).to.include({ status: 400, reason: 'empty', index: 1 });
    expect(error.details).to.deep.equal([{ field: 'texts[1]', message: 'has no words' }]);
  });

  it(`refuses a query over ${MAX_QUERY_TOKENS} tokens with a 400, and takes one of ${MAX_QUERY_TOKENS}`, async () => {
    const words = (n: number) => Array.from({ length: n }, () => 'nurse').join(' ');
    expect(await embedder.embedQueries([words(MAX_QUERY_TOKENS)])).to.have.length(1);
    const error = (await embedder.embedQueries([words(MAX_QUERY_TOKENS + 1)]).catch((err: unknown) => err)) as EmbeddingInputError;
    expect(error).to.be.instanceOf(EmbeddingInputError);
    expect(error.toBody()).to.deep.equal({
      code: 'invalid_request',
      message: `The query is ${MAX_QUERY_TOKENS + 1} tokens long; the embedding model reads queries of at most ${MAX_QUERY_TOKENS} tokens (about ${MAX_QUERY_TOKENS * 4} characters of English).`,
      hint: 'Shorten the query to its key words.',
      details: [{ field: 'q', message: 'is too long' }],
    });
  });

  it('answers an empty list without running the model', async () => {
    expect(await embedder.embedQueries([])).to.deep.equal([]);
    expect(await embedder.embedDocuments([])).to.deep.equal([]);
  });

  it('says where the model files should be when they are missing', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'jla-no-model-'));
    try {
      const error = await Embedder.load({ modelDir: empty }).catch((err: unknown) => err);
      expect(error).to.be.instanceOf(ConfigError);
      expect((error as Error).message).to.equal(
        `no embedding model in ${empty} (model.onnx and tokenizer.json): run scripts/embedding-model.sh, or set EMBEDDING_MODEL_DIR`,
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
