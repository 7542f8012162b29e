import { expect } from 'chai';
import { indexFreshEmbeddedJobs } from '../../../../test/fixtures/embedded-jobs';
import { MEANING_CATALOG, MEANING_JOBS as J } from '../../../../test/fixtures/meaning-jobs';
import { readClient } from '../../../../test/fixtures/read-client';

const ids = (body: { jobs: { id: string }[] }) => body.jobs.map((job) => job.id);
const UNKNOWN = '00000000-0000-4000-8000-0000000cffff';

describe('GET /agents/jobs/{job_id}/similar', function () {
  this.timeout(60_000);
  const client = readClient();
  const similar = async (id: string, query = '', status = 200) => {
    const res = await client.get(`/agents/jobs/${id}/similar${query}`);
    expect(res.status, JSON.stringify(res.body)).to.equal(status);
    return res;
  };

  before(async () => {
    await indexFreshEmbeddedJobs(MEANING_CATALOG, [J.companion.id]);
  });

  it('answers the active jobs nearest in meaning, nearest first, never the job itself', async () => {
    const { body } = await similar(J.domiciliaryCarer.id, '?limit=2');
    expect(ids(body)).to.have.members([J.careHomeAssistant.id, J.supportWorker.id]);
    const tech = await similar(J.dataEngineer.id, '?limit=1');
    expect(ids(tech.body)).to.deep.equal([J.backendEngineer.id]);
  });

  it('leaves out closed jobs and jobs without a vector, and ranks every other job once', async () => {
    const { body } = await similar(J.domiciliaryCarer.id, '?limit=100');
    const expected = MEANING_CATALOG.filter((job) => job.is_active && job.id !== J.domiciliaryCarer.id && job.id !== J.companion.id);
    expect(ids(body)).to.have.members(expected.map((job) => job.id));
  });

  it('finds jobs similar to a closed job', async () => {
    const { body } = await similar(J.closedHomeCarer.id, '?limit=1');
    expect(ids(body)).to.deep.equal([J.domiciliaryCarer.id]);
  });

  it('applies the search filters and exclude_ids ("show more" without repeats)', async () => {
    const leeds = await similar(J.domiciliaryCarer.id, `?location_ids=${J.nurse.location_id}&job_types=full_time&limit=100`);
    expect(leeds.body.jobs.length).to.be.above(0);
    const fullTimeInLeeds = MEANING_CATALOG.filter(
      (job) => job.is_active && job.location_id === J.nurse.location_id && job.type === 'full_time' && job.id !== J.domiciliaryCarer.id,
    );
    expect(ids(leeds.body)).to.have.members(fullTimeInLeeds.map((job) => job.id));
    const first = await similar(J.domiciliaryCarer.id, '?limit=2');
    const more = await similar(J.domiciliaryCarer.id, `?limit=2&exclude_ids=${ids(first.body).join(',')}`);
    expect(ids(more.body)).to.have.length(2).and.not.include.members(ids(first.body));
  });

  it('returns only the fields asked for, and a snippet from the start of each description', async () => {
    const { body } = await similar(J.dataEngineer.id, '?limit=1&fields=title,organization&snippet=40');
    expect(body.jobs).to.deep.equal([
      {
        id: J.backendEngineer.id,
        title: J.backendEngineer.title,
        organization: J.backendEngineer.organization,
        snippet: 'Build the APIs of our analytics product',
      },
    ]);
  });

  it('is 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN, 'not-a-uuid']) {
      const { body } = await similar(id, '', 404);
      expect(body).to.deep.equal({
        code: 'not_found',
        message: `No job with id "${id}".`,
        hint: 'Job ids are UUIDs as returned by GET /agents/jobs or /agents/jobs/search.',
      });
    }
  });

  it('is 409 embedding_pending, with Retry-After, for a job that has no vector yet', async () => {
    const res = await similar(J.companion.id, '', 409);
    expect(res.headers['retry-after']).to.equal('5');
    expect(res.body).to.deep.equal({
      code: 'embedding_pending',
      message: `Job ${J.companion.id} has no vector yet: it was indexed moments ago and has not been embedded.`,
      hint: 'Retry after 5 seconds (jobs are embedded within seconds of being indexed), or search with its title meanwhile.',
    });
  });

  it('refuses parameters it does not take, and a bad filter, naming them', async () => {
    const unknown = await similar(J.nurse.id, '?q=nurse', 400);
    expect(unknown.body).to.deep.include({ code: 'invalid_request' });
    expect(unknown.body.details.map((d: { field: string }) => d.field)).to.deep.equal(['q']);
    const limit = await similar(J.nurse.id, '?limit=101', 400);
    expect(limit.body.details.map((d: { field: string }) => d.field)).to.deep.equal(['limit']);
    const bad = await similar(J.nurse.id, '?salary_min=30000', 400);
    expect(bad.body.details).to.deep.equal([
      { field: 'salary_min', message: 'salary_min needs currency (e.g. currency=GBP): pay is compared in one currency, never converted' },
    ]);
  });
});
