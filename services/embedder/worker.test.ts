import { expect } from 'chai';
import { Embedder, embeddingKeyOf, embeddingTextOf, type TextEmbedder } from '../../shared/embedding';
import { vectorBytes } from '../../shared/embedding/vector-bytes';
import type { JobDocument } from '../../shared/jobs/job-document';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createLocation, createOrganization, createUser } from '../../test/support/factories';
import { readApp } from '../../test/support/manage-fixtures';
import { OutboxIndexer, reindex } from '../indexer';
import { createJob } from '../write';
import { EmbeddingWorker } from './worker';

// The real model and the real stores: jobs are created by the write side's command, indexed by
// the outbox indexer, and embedded by the worker, as in production.

const alias = testConfig().indexAlias;

/** The real embedder, counting the documents that reach the model; `beforeEach` runs before the model, once per call. */
class Counted implements TextEmbedder {
  readonly dims: number;
  readonly model: string;
  documents: string[] = [];
  beforeEach?: () => Promise<void>;
  constructor(private readonly inner: TextEmbedder) {
    this.dims = inner.dims;
    this.model = inner.model;
  }
  embedQueries(texts: readonly string[]) {
    return this.inner.embedQueries(texts);
  }
  async embedDocuments(texts: readonly string[]) {
    const hook = this.beforeEach;
    this.beforeEach = undefined;
    await hook?.();
    this.documents.push(...texts);
    return this.inner.embedDocuments(texts);
  }
}

const CARER = {
  title: 'Domiciliary Carer',
  description: 'Visit older clients in their own homes: personal care, meals and medication, and good company.',
  skills: ['Personal care'],
};
const DATA_ENGINEER = {
  title: 'Data Engineer',
  description: 'Build and run the batch and streaming pipelines that feed our warehouse, in Python, SQL and Spark.',
  skills: ['Python', 'Spark'],
};

/** A document as stored, vector included. */
async function stored(id: string): Promise<{ doc: JobDocument & { embedding?: number[] }; version: number; plain: JobDocument }> {
  const full = await testSearch().get<JobDocument & { embedding?: number[] }>({ index: alias, id, _source_exclude_vectors: false });
  const plain = await testSearch().get<JobDocument>({ index: alias, id });
  return { doc: full._source!, version: full._version!, plain: plain._source! };
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((sum, x, i) => sum + x * b[i], 0);

async function storedKeys(): Promise<string[]> {
  return (await testDb().query<{ key: string }>('SELECT key FROM job_embeddings ORDER BY key')).map((r) => r.key);
}

describe('embedding worker', function () {
  this.timeout(30_000);
  let model: Embedder;
  let embedder: Counted;
  let userId: string;
  let org: string;
  let loc: string;

  const indexer = () =>
    new OutboxIndexer({ db: testDb(), search: testSearch(), alias, logger: testLogger }, { batchSize: 100, pollMs: 20 });
  const worker = (batchSize = 8) =>
    new EmbeddingWorker({ db: testDb(), search: testSearch(), alias, embedder, logger: testLogger }, { batchSize, pollMs: 20 });
  const newJob = async (fields: { title: string; description: string; skills: string[] }) => {
    const job = await createJob(testDb(), userId, {
      ...fields,
      organization_id: org,
      location_id: loc,
      type: 'full_time',
      salary: '£30,000',
    });
    return job.doc.id;
  };
  /** An edit as the write side makes it: the row changed, its version raised, an outbox row. */
  const edit = async (id: string, set: { description?: string; salary?: string }) => {
    const [column, value] = Object.entries(set)[0];
    await testDb().query(
      `WITH job AS (UPDATE jobs SET ${column} = $2, version = version + 1, updated_at = now() WHERE id = $1 RETURNING id, version)
       INSERT INTO job_index_outbox (job_id, job_version) SELECT id, version FROM job`,
      [id, value],
    );
    await indexer().drainAll();
  };
  const refresh = () => testSearch().indices.refresh({ index: alias });

  before(async () => {
    model = await Embedder.load();
  });
  after(() => model?.close());

  beforeEach(async () => {
    await resetDatabase();
    await resetIndex();
    embedder = new Counted(model);
    org = (await createOrganization()).id;
    loc = (await createLocation()).id;
    userId = (await createUser({ is_recruiter: true, memberOf: [org] })).id;
  });

  it('gives an open job the vector of its text after a pass, stores it by key, and keeps it out of the _source pages read', async () => {
    const id = await newJob(CARER);
    await indexer().drainAll();
    expect((await stored(id)).doc).not.to.have.any.keys('embedding', 'embedding_key');

    const result = await worker().drainAll();
    expect(result).to.include({ docs: 1, embedded: 1, reused: 0, written: 1, changed: 0 });
    const { doc, plain, version } = await stored(id);
    const text = embeddingTextOf(doc);
    expect(doc.embedding_key).to.equal(embeddingKeyOf(text));
    expect(doc.embedding).to.have.length(384);
    const [alone] = await model.embedDocuments([text]);
    expect(dot(doc.embedding!, alone)).to.be.above(0.999);
    expect(version, "the job's own version, so its ETag and the indexer's next write are unchanged").to.equal(1);
    expect(plain).not.to.have.property('embedding');
    expect(plain.embedding_key).to.equal(doc.embedding_key);

    const rows = await testDb().query<{ key: string; model: string; vector: Buffer }>('SELECT key, model, vector FROM job_embeddings');
    expect(rows.map((r) => [r.key, r.model])).to.deep.equal([[doc.embedding_key, model.model]]);
    expect(rows[0].vector.toString('base64')).to.equal(vectorBytes(new Float32Array(doc.embedding!)).toString('base64'));

    await refresh();
    const [query] = await model.embedQueries(['care assistant looking after elderly people at home']);
    const knn = await testSearch().search({
      index: alias,
      knn: { field: 'embedding', query_vector: [...query], k: 1, num_candidates: 10 },
    });
    expect(knn.hits.hits.map((h) => h._id)).to.deep.equal([id]);
  });

  it('embeds identical texts once, and a reindex or an edit that keeps the text keeps the vector without the model', async () => {
    const twins = [await newJob(CARER), await newJob(CARER)];
    const other = await newJob(DATA_ENGINEER);
    await indexer().drainAll();
    const result = await worker(2).drainAll();
    expect(result).to.include({ docs: 3, embedded: 2, written: 3 });
    expect(embedder.documents).to.have.length(2);
    expect(await storedKeys()).to.have.length(2);
    const [a, b] = await Promise.all(twins.map(async (id) => (await stored(id)).doc));
    expect(a.embedding_key).to.equal(b.embedding_key);

    await edit(other, { salary: '£45,000' });
    expect((await stored(other)).doc.embedding, 'an edit of the salary keeps the vector').to.have.length(384);
    await reindex({ db: testDb(), search: testSearch(), alias }, { graceMs: 0 });
    for (const id of [...twins, other])
      expect((await stored(id)).doc.embedding, 'the reindexed document has its vector').to.have.length(384);
    embedder.documents = [];
    expect(await worker().drainAll()).to.include({ docs: 0, written: 0 });
    expect(embedder.documents).to.deep.equal([]);
  });

  it('replaces the vector of an edited job: the document goes in without one, found by keyword, and the worker embeds the new text', async () => {
    const id = await newJob(CARER);
    await indexer().drainAll();
    await worker().drainAll();
    const before = (await stored(id)).doc;

    await edit(id, { description: 'Support adults with learning disabilities to live independently in supported housing.' });
    const edited = (await stored(id)).doc;
    expect(edited).not.to.have.any.keys('embedding', 'embedding_key');
    await refresh();
    const found = await readApp().get('/agents/jobs/search').query({ q: 'learning disabilities supported housing' });
    expect(found.status).to.equal(200);
    expect(found.body.jobs.map((j: { id: string }) => j.id)).to.deep.equal([id]);

    expect(await worker().drainAll()).to.include({ docs: 1, embedded: 1, written: 1 });
    const after = await stored(id);
    expect(after.doc.embedding_key)
      .to.equal(embeddingKeyOf(embeddingTextOf(after.doc)))
      .and.not.equal(before.embedding_key);
    expect(dot(after.doc.embedding!, before.embedding!)).to.be.below(0.99);
    expect(after.version).to.equal(2);
    expect(await storedKeys()).to.have.length(2);
  });

  it("replaces a vector whose key is not its text's (another model or recipe) when it checks the keys", async () => {
    const id = await newJob(DATA_ENGINEER);
    await indexer().drainAll();
    await worker().drainAll();
    const { doc, version } = await stored(id);
    // As an older recipe of the text would have left it: another key, another vector.
    const [old] = await model.embedDocuments(['Data Engineer']);
    await testSearch().index({
      index: alias,
      id,
      version,
      version_type: 'external_gte',
      refresh: true,
      document: { ...doc, embedding: vectorBytes(old).toString('base64'), embedding_key: embeddingKeyOf('Data Engineer') },
    });
    const w = worker();
    expect(await w.drainAll(), 'a document with a key is not "without a vector"').to.include({ docs: 0 });
    const check = await w.checkKeysOnce();
    expect(check).to.include({ checked: 1, docs: 1, written: 1, reused: 1, embedded: 0 });
    const after = (await stored(id)).doc;
    expect(after.embedding_key).to.equal(doc.embedding_key);
    expect(dot(after.embedding!, doc.embedding!)).to.be.above(0.999);
    expect(await w.checkKeysOnce()).to.include({ checked: 1, docs: 0 });
  });

  it('never writes a stale vector over a job edited while its text was being embedded', async () => {
    const id = await newJob(CARER);
    await indexer().drainAll();
    const NEW = 'Care coordinator: plan home care visits for a team of twenty carers and talk to families.';
    // The edit lands (indexed, version 2) after the worker read version 1, before it writes.
    embedder.beforeEach = () => edit(id, { description: NEW });
    const w = worker();
    const first = await w.passOnce();
    expect(first).to.include({ docs: 1, embedded: 1, written: 0, changed: 1 });
    const between = await stored(id);
    expect(between.version).to.equal(2);
    expect(between.doc.description).to.equal(NEW);
    expect(between.doc).not.to.have.any.keys('embedding', 'embedding_key');

    await w.drainAll();
    const after = await stored(id);
    expect(after.doc.description).to.equal(NEW);
    expect(after.doc.embedding_key).to.equal(embeddingKeyOf(embeddingTextOf(after.doc)));
    expect(after.version, 'the vector write keeps the job version').to.equal(2);
    await edit(id, { salary: '£31,000' });
    expect((await stored(id)).doc.salary, "the next edit is indexed: the worker's write did not raise the version").to.equal('£31,000');
  });

  it('leaves closed jobs alone, and a job with nothing the model can read gets a key and no vector', async () => {
    const open = await newJob({ title: '🙂🙂', description: '🙂', skills: [] });
    const closed = await newJob(DATA_ENGINEER);
    await testDb().query('UPDATE jobs SET is_active = false, closed_at = now(), version = version + 1 WHERE id = $1', [closed]);
    await testDb().query('INSERT INTO job_index_outbox (job_id, job_version) SELECT id, version FROM jobs WHERE id = $1', [closed]);
    await indexer().drainAll();
    expect(await worker().drainAll()).to.include({ docs: 1, unreadable: 1, embedded: 0, written: 1 });
    const unreadable = (await stored(open)).doc;
    expect(unreadable).not.to.have.property('embedding');
    expect(unreadable.embedding_key).to.equal(embeddingKeyOf(embeddingTextOf(unreadable)));
    expect((await stored(closed)).doc).not.to.have.any.keys('embedding', 'embedding_key');
    expect(await worker().drainAll()).to.include({ docs: 0 });
  });

  it('finds a job without a vector by keyword, in search and browse', async () => {
    const id = await newJob(DATA_ENGINEER);
    await indexer().drainAll();
    await refresh();
    const search = await readApp().get('/agents/jobs/search').query({ q: 'streaming pipelines warehouse' });
    expect(search.body.jobs.map((j: { id: string }) => j.id)).to.deep.equal([id]);
    const browse = await readApp().get('/agents/jobs');
    expect(browse.body.jobs.map((j: { id: string }) => j.id)).to.deep.equal([id]);
    await worker().drainAll();
    await refresh();
    const again = await readApp().get('/agents/jobs/search').query({ q: 'streaming pipelines warehouse' });
    expect(again.body.jobs.map((j: { id: string }) => j.id)).to.deep.equal([id]);
    expect(again.body.jobs[0]).not.to.have.any.keys('embedding', 'embedding_key');
  });

  it('runs in the background until stopped, and embeds a job created while it runs', async () => {
    const w = worker();
    w.start();
    try {
      const id = await newJob(CARER);
      await indexer().drainAll();
      const deadline = Date.now() + 10_000;
      while (!(await stored(id)).doc.embedding && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect((await stored(id)).doc.embedding).to.have.length(384);
    } finally {
      await w.stop();
    }
    expect(w.totals).to.include({ written: 1, embedded: 1 });
  });
});
