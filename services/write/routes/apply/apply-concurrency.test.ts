import { expect } from 'chai';
import { resetDatabase, testDb } from '../../../../test/support/context';
import { applyWorld, writeClient } from '../../../../test/support/apply-fixtures';

describe('POST /agents/jobs/{job_id}/apply under concurrency', () => {
  beforeEach(resetDatabase);

  it('20 concurrent applies by one user to one job give exactly one 201 and nineteen 409 already_applied', async () => {
    const world = await applyWorld();
    const client = writeClient();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', world.applicantKey.key)),
    );
    const created = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status === 409);
    expect(created).to.have.length(1);
    expect(refused).to.have.length(19);
    const applicationId = created[0].body.id;
    for (const res of refused) {
      expect(res.body).to.deep.equal({
        code: 'already_applied',
        message: `The owner of this API key already applied to job ${world.job.id}.`,
        hint: `The existing application is ${applicationId}; each user applies to a job once.`,
        details: [{ field: 'job_id', message: 'already has an application from this user', application_id: applicationId }],
      });
    }
    const rows = await testDb().query(`SELECT id FROM applications WHERE job_id = $1 AND user_id = $2`, [world.job.id, world.applicant.id]);
    expect(rows).to.deep.equal([{ id: applicationId }]);
  });
});
