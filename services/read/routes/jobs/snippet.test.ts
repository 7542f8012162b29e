import { expect } from 'chai';
import { jobDocument, indexFreshJobs } from '../../../../test/fixtures/job-documents';
import { readClient } from '../../../../test/fixtures/read-client';

const LONG_DESCRIPTION =
  'Acme runs the payment rails of three hundred shops. You will own the ledger service end to end, from schema to on-call. ' +
  'The team works in small steps and ships every day. Most of the work is in TypeScript on Node, with PostgreSQL underneath. ' +
  'Later this year we move the batch jobs to Kubernetes, and you will lead that migration with two colleagues. ' +
  'We offer a learning budget, four weeks of leave and a quiet office near the river.';

const LEDGER = jobDocument({ title: 'Backend Engineer', description: LONG_DESCRIPTION, created_at: '2026-02-02T00:00:00.000Z' });
const NO_DESCRIPTION = jobDocument({ title: 'Backend Engineer, platform', description: null, created_at: '2026-02-01T00:00:00.000Z' });

describe('snippet=N on browse and search', () => {
  const client = readClient();

  before(async () => {
    await indexFreshJobs([LEDGER, NO_DESCRIPTION]);
  });

  it('search: a snippet of at most N characters around the matched word, beside only the fields asked for', async () => {
    const res = await client.get('/agents/jobs/search?q=kubernetes%20engineer&fields=title&snippet=80');
    expect(res.status).to.equal(200);
    const [job] = res.body.jobs;
    expect(Object.keys(job).sort()).to.deep.equal(['id', 'snippet', 'title']);
    expect(job.snippet.length).to.be.at.most(80);
    expect(job.snippet).to.include('Kubernetes');
    expect(LONG_DESCRIPTION.replace(/\s+/g, ' ')).to.include(job.snippet);
  });

  it('browse: the start of the description, cut at a word; no snippet for a job without a description', async () => {
    const res = await client.get('/agents/jobs?fields=title&snippet=60');
    expect(res.status).to.equal(200);
    const [ledger, bare] = res.body.jobs;
    expect(ledger.id).to.equal(LEDGER.id);
    expect(LONG_DESCRIPTION.startsWith(ledger.snippet)).to.equal(true);
    expect(ledger.snippet.length).to.be.within(40, 60);
    expect(LONG_DESCRIPTION[ledger.snippet.length]).to.match(/[\s.,]/);
    expect(bare).to.deep.equal({ id: NO_DESCRIPTION.id, title: NO_DESCRIPTION.title });
  });

  it('is absent unless asked for, and bounded', async () => {
    const plain = await client.get('/agents/jobs?fields=title');
    expect(plain.body.jobs[0]).to.deep.equal({ id: LEDGER.id, title: LEDGER.title });
    const tooLong = await client.get('/agents/jobs?snippet=5000');
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.details).to.deep.equal([{ field: 'snippet', message: 'must be <= 500' }]);
  });
});
