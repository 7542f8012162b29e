import { expect } from 'chai';
import { resetDatabase, resetIndex, testDb } from '../../../../test/support/context';
import { createJob } from '../../../../test/support/factories';
import { postJob, recruiterWorld, writeApp, type RecruiterWorld } from '../../../../test/support/manage-fixtures';

const list = (key: string | undefined, query: Record<string, string | number> = {}) => {
  const req = writeApp().get('/agents/recruiter/jobs').query(query);
  return key ? req.set('x-api-key', key) : req;
};

describe('GET /agents/recruiter/jobs', () => {
  let world: RecruiterWorld;

  before(async () => {
    await resetDatabase();
    await resetIndex();
    world = await recruiterWorld();
  });

  it("lists the organizations' jobs newest first, open and closed, with application counts, and nothing of other organizations", async () => {
    const older = await postJob(world, { title: 'Older' });
    const newer = await postJob(world, { title: 'Newer' });
    await createJob({ organization_id: world.other.id, location_id: world.london.id, title: 'Not yours' });
    await writeApp().post(`/agents/jobs/${older.id}/apply`).set('x-api-key', world.keys.applicant).expect(201);
    await writeApp().post(`/agents/jobs/${older.id}/close`).set('x-api-key', world.keys.recruiter).expect(200);
    const res = await list(world.keys.colleague);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.jobs.map((j: { title: string }) => j.title)).to.deep.equal(['Newer', 'Older']);
    expect(res.body.jobs[0]).to.include({ id: newer.id, is_active: true, generate_screening: false });
    expect(res.body.jobs[0].applications).to.deep.equal({
      total: 0,
      submitted: 0,
      in_review: 0,
      shortlisted: 0,
      rejected: 0,
      withdrawn: 0,
      hired: 0,
    });
    expect(res.body.jobs[1]).to.include({ id: older.id, is_active: false });
    expect(res.body.jobs[1].applications).to.include({ total: 1, submitted: 1 });
    expect(res.body.pagination).to.deep.equal({ current_page: 1, total_pages: 1, total_items: 2 });
  });

  it('narrows by status and organization, pages, and answers a page past the end with the true total', async () => {
    expect((await list(world.keys.recruiter, { status: 'inactive' })).body.jobs.map((j: { title: string }) => j.title)).to.deep.equal([
      'Older',
    ]);
    expect((await list(world.keys.recruiter, { status: 'active' })).body.jobs.map((j: { title: string }) => j.title)).to.deep.equal([
      'Newer',
    ]);
    expect((await list(world.keys.recruiter, { organization_id: world.other.id })).body.jobs).to.deep.equal([]);
    const second = await list(world.keys.recruiter, { page: 2, limit: 1 });
    expect(second.body.jobs.map((j: { title: string }) => j.title)).to.deep.equal(['Older']);
    expect(second.body.pagination).to.deep.equal({ current_page: 2, total_pages: 2, total_items: 2 });
    const past = await list(world.keys.recruiter, { page: 9, limit: 1 });
    expect(past.body).to.deep.equal({ jobs: [], pagination: { current_page: 9, total_pages: 2, total_items: 2 } });
    const [{ count }] = await testDb().query<{ count: string }>('SELECT count(*) FROM jobs');
    expect(count).to.equal('3');
    // A page whose offset no bigint holds is refused, not a 500; the deepest page allowed answers empty.
    const deep = await list(world.keys.recruiter, { page: '100000000000000000', limit: 100 });
    expect(deep.status, JSON.stringify(deep.body)).to.equal(400);
    expect(deep.body.details[0]).to.include({ field: 'page' });
    expect((await list(world.keys.recruiter, { page: 2_147_483_647, limit: 100 })).body.jobs).to.deep.equal([]);
  });

  it('401 without a key, 403 for an applicant, 400 for bad parameters', async () => {
    expect((await list(undefined)).status).to.equal(401);
    const applicant = await list(world.keys.applicant);
    expect(applicant.status).to.equal(403);
    expect(applicant.body.code).to.equal('forbidden');
    const bad = await list(world.keys.recruiter, { status: 'open', limit: 500, sort: 'x' });
    expect(bad.status).to.equal(400);
    expect(bad.body.code).to.equal('invalid_request');
  });
});
