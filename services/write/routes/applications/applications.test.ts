import { expect } from 'chai';
import { resetDatabase, resetIndex, testDb } from '../../../../test/support/context';
import { createApiKey, createResume, createUser } from '../../../../test/support/factories';
import { postJob, recruiterWorld, UNKNOWN_ID, writeApp, type RecruiterWorld } from '../../../../test/support/manage-fixtures';

const mine = (key: string | undefined, query: Record<string, string | number> = {}) => {
  const req = writeApp().get('/agents/applications').query(query);
  return key ? req.set('x-api-key', key) : req;
};
const withdraw = (id: string, key?: string) => {
  const req = writeApp().post(`/agents/applications/${id}/withdraw`);
  return key ? req.set('x-api-key', key) : req;
};
const apply = async (jobId: string, key: string) =>
  (await writeApp().post(`/agents/jobs/${jobId}/apply`).set('x-api-key', key).expect(201)).body;

describe("the applicant's applications", () => {
  let world: RecruiterWorld;
  let first: { id: string };
  let second: { id: string };
  let closedJob: { id: string };

  before(async () => {
    await resetDatabase();
    await resetIndex();
    world = await recruiterWorld();
    const a = await postJob(world, { title: 'Ward Clerk' });
    closedJob = await postJob(world, { title: 'Porter' });
    first = await apply(a.id, world.keys.applicant);
    second = await apply(closedJob.id, world.keys.applicant);
    await writeApp().post(`/agents/jobs/${closedJob.id}/close`).set('x-api-key', world.keys.recruiter).expect(200);
  });

  describe('GET /agents/applications', () => {
    it("lists the caller's applications newest first with the job's title, organization and state", async () => {
      const res = await mine(world.keys.applicant);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.applications.map((a: { id: string }) => a.id)).to.deep.equal([second.id, first.id]);
      const [porter, clerk] = res.body.applications;
      expect(porter).to.include({
        job_id: closedJob.id,
        job_title: 'Porter',
        organization: 'Acme',
        status: 'submitted',
        job_is_active: false,
      });
      expect(clerk).to.include({ job_title: 'Ward Clerk', job_is_active: true });
      expect(res.body.pagination).to.deep.equal({ current_page: 1, total_pages: 1, total_items: 2 });
    });

    it('is empty for a user who applied nowhere, and narrows by status', async () => {
      const other = await createUser();
      await createResume(other.id);
      const key = (await createApiKey(other.id)).key;
      expect((await mine(key)).body).to.deep.equal({ applications: [], pagination: { current_page: 1, total_pages: 0, total_items: 0 } });
      expect((await mine(world.keys.applicant, { status: 'hired' })).body.applications).to.deep.equal([]);
    });

    it('401 without a key, 400 for a status that does not exist', async () => {
      expect((await mine(undefined)).status).to.equal(401);
      const bad = await mine(world.keys.applicant, { status: 'pending' });
      expect(bad.status).to.equal(400);
      expect(bad.body.code).to.equal('invalid_request');
      // A page whose offset no bigint holds is refused, not a 500; the deepest page allowed answers empty.
      const deep = await mine(world.keys.applicant, { page: '100000000000000000', limit: 100 });
      expect(deep.status, JSON.stringify(deep.body)).to.equal(400);
      expect(deep.body.details[0]).to.include({ field: 'page' });
      expect((await mine(world.keys.applicant, { page: 2_147_483_647, limit: 100 })).body.applications).to.deep.equal([]);
    });
  });

  describe('POST /agents/applications/{application_id}/withdraw', () => {
    it('withdraws, and withdrawing again answers the same application unchanged', async () => {
      const res = await withdraw(first.id, world.keys.applicant);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.include({ id: first.id, status: 'withdrawn', job_title: 'Ward Clerk' });
      expect(Date.parse(res.body.updated_at)).to.be.at.least(Date.parse(res.body.created_at));
      const again = await withdraw(first.id, world.keys.applicant);
      expect(again.status).to.equal(200);
      expect(again.body).to.deep.equal(res.body);
      expect((await mine(world.keys.applicant, { status: 'withdrawn' })).body.applications.map((a: { id: string }) => a.id)).to.deep.equal([
        first.id,
      ]);
    });

    it("401 without a key; 404 for an unknown, malformed or another user's application; 409 once decided", async () => {
      expect((await withdraw(second.id)).status).to.equal(401);
      for (const [id, key] of [
        [UNKNOWN_ID, world.keys.applicant],
        ['nope', world.keys.applicant],
        [second.id, world.keys.recruiter],
      ]) {
        const res = await withdraw(id, key);
        expect(res.status, id).to.equal(404);
        expect(res.body).to.deep.equal({
          code: 'not_found',
          message: `No application with id "${id}" among yours.`,
          hint: 'Your applications and their ids are listed by GET /agents/applications.',
        });
      }
      await testDb().query(`UPDATE applications SET status = 'hired' WHERE id = $1`, [second.id]);
      const decided = await withdraw(second.id, world.keys.applicant);
      expect(decided.status).to.equal(409);
      expect(decided.body).to.deep.equal({
        code: 'application_final',
        message: `Application ${second.id} is hired; it can no longer be withdrawn.`,
        hint: 'Only applications still under consideration (submitted, in_review, shortlisted) can be withdrawn.',
      });
    });
  });
});
