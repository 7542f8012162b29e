import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { resetDatabase, testDb } from '../../../../test/support/context';
import { createApiKey, createResume, createUser } from '../../../../test/support/factories';
import { revokeApiKey } from '../../store/accounts/api-keys';
import { applyWorld, utcDate, writeClient } from '../../../../test/support/apply-fixtures';

const UNAUTHENTICATED_HINT =
  'Send your API key in the x-api-key header; if you have none, ask the operator of this service for an API key.';
const NOT_FOUND_HINT = 'Job ids are UUIDs as returned by GET /agents/jobs or /agents/jobs/search.';
const INACTIVE_HINT = 'Only active jobs take applications; find open ones with GET /agents/jobs or /agents/jobs/search.';
const RESUME_HINT =
  'Applying sends your active resume; ask the operator of this service to add a resume to your account and make it active, then apply again.';

const missingKey = { code: 'unauthenticated', message: 'The x-api-key header is missing.', hint: UNAUTHENTICATED_HINT };
const invalidKey = { code: 'unauthenticated', message: 'The API key is not valid.', hint: UNAUTHENTICATED_HINT };
const revokedKey = { code: 'unauthenticated', message: 'The API key has been revoked.', hint: UNAUTHENTICATED_HINT };
const notFound = (id: string) => ({ code: 'not_found', message: `No job with id "${id}".`, hint: NOT_FOUND_HINT });
const inactive = (id: string) => ({ code: 'job_inactive', message: `Job ${id} is not active.`, hint: INACTIVE_HINT });
const closed = (id: string, on: string) => ({ code: 'job_inactive', message: `Job ${id} closed on ${on}.`, hint: INACTIVE_HINT });
const ownPosting = (id: string) => ({
  code: 'own_posting',
  message: `Job ${id} was posted by the owner of this API key; nobody can apply to their own posting.`,
  hint: 'Apply with the API key of the candidate, not the recruiter who created the job.',
});
const resumeRequired = { code: 'resume_required', message: 'The owner of this API key has no active resume on file.', hint: RESUME_HINT };
const alreadyApplied = (jobId: string, applicationId: string) => ({
  code: 'already_applied',
  message: `The owner of this API key already applied to job ${jobId}.`,
  hint: `The existing application is ${applicationId}; each user applies to a job once.`,
  details: [{ field: 'job_id', message: 'already has an application from this user', application_id: applicationId }],
});

const apply = (jobId: string, key?: string) => {
  const req = writeClient().post(`/agents/jobs/${jobId}/apply`);
  return key === undefined ? req : req.set('x-api-key', key);
};

async function applicationRows(jobId: string) {
  return testDb().query(`SELECT id, user_id, resume_id, status, profile_snapshot FROM applications WHERE job_id = $1`, [jobId]);
}

describe('POST /agents/jobs/{job_id}/apply', () => {
  let world: Awaited<ReturnType<typeof applyWorld>>;

  beforeEach(async () => {
    await resetDatabase();
    world = await applyWorld();
  });

  describe("success (rule 4: the key user's profile and active resume)", () => {
    it('answers 201 with the submitted Application and records user, active resume and profile snapshot', async () => {
      const res = await apply(world.job.id, world.applicantKey.key).expect(201);
      expect(Object.keys(res.body).sort()).to.deep.equal(['created_at', 'id', 'job_id', 'status']);
      expect(res.body).to.include({ job_id: world.job.id, status: 'submitted' });
      expect(res.body.id).to.match(/^[0-9a-f-]{36}$/);
      expect(Date.parse(res.body.created_at)).to.be.closeTo(Date.now(), 60_000);
      expect(res.headers['content-type']).to.match(/^application\/json/);
      expect(await applicationRows(world.job.id)).to.deep.equal([
        {
          id: res.body.id,
          user_id: world.applicant.id,
          resume_id: world.resume.id,
          status: 'submitted',
          profile_snapshot: { name: 'Ada Lovelace', email: world.applicant.email, headline: 'Analytical engine programmer' },
        },
      ]);
    });

    it('keeps the snapshot and resume of the time of applying when the profile or active resume change later', async () => {
      const res = await apply(world.job.id, world.applicantKey.key).expect(201);
      await testDb().query(`UPDATE users SET name = 'Ada King', headline = NULL WHERE id = $1`, [world.applicant.id]);
      await testDb().query(`UPDATE resumes SET is_active = false WHERE user_id = $1`, [world.applicant.id]);
      await createResume(world.applicant.id, { title: 'Newer' });
      const [row] = await applicationRows(world.job.id);
      expect(row).to.include({ id: res.body.id, resume_id: world.resume.id });
      expect(row.profile_snapshot).to.deep.equal({
        name: 'Ada Lovelace',
        email: world.applicant.email,
        headline: 'Analytical engine programmer',
      });
    });

    it('uses the active resume when the user has several, and records a missing headline as null', async () => {
      const user = await createUser({ name: 'Grace Hopper', email: 'grace@example.com' });
      await testDb().query(`UPDATE users SET headline = NULL WHERE id = $1`, [user.id]);
      await createResume(user.id, { is_active: false, title: 'Old' });
      const active = await createResume(user.id, { title: 'Current' });
      await createResume(user.id, { is_active: false, title: 'Draft' });
      const key = await createApiKey(user.id);
      await apply(world.job.id, key.key).expect(201);
      const [row] = await applicationRows(world.job.id);
      expect(row.resume_id).to.equal(active.id);
      expect(row.profile_snapshot).to.deep.equal({ name: 'Grace Hopper', email: 'grace@example.com', headline: null });
    });

    it('ignores any request body: it can neither break the request nor choose another resume', async () => {
      const other = await createResume(world.applicant.id, { is_active: false });
      const job2 = await world.newJob();
      await apply(world.job.id, world.applicantKey.key).send({ resume_id: other.id, status: 'hired' }).expect(201);
      await apply(job2.id, world.applicantKey.key).set('content-type', 'text/plain').send('{not json').expect(201);
      for (const jobId of [world.job.id, job2.id]) {
        const [row] = await applicationRows(jobId);
        expect(row).to.include({ resume_id: world.resume.id, status: 'submitted' });
      }
    });

    it('accepts a job that closes today (a closing date is the last day to apply)', async () => {
      const job = await world.newJob({ closing_date: utcDate(0) });
      await apply(job.id, world.applicantKey.key).expect(201);
    });

    it('lets different users apply to the same job, and a recruiter apply to a posting of someone else', async () => {
      const other = await world.newJob({ created_by: (await createUser()).id });
      await resumeFor(world.recruiter.id);
      await apply(world.job.id, world.applicantKey.key).expect(201);
      await apply(other.id, world.recruiterKey.key).expect(201);
      await apply(other.id, world.applicantKey.key).expect(201);
      expect(await applicationRows(other.id)).to.have.length(2);
    });
  });

  describe('1. 401 unauthenticated (rule 6)', () => {
    it('answers 401 when the header is missing or blank', async () => {
      expect((await apply(world.job.id).expect(401)).body).to.deep.equal(missingKey);
      expect((await apply(world.job.id, '   ').expect(401)).body).to.deep.equal(missingKey);
    });

    it('answers 401 for a malformed key and for a well-formed key nobody holds', async () => {
      expect((await apply(world.job.id, 'not-a-key').expect(401)).body).to.deep.equal(invalidKey);
      expect((await apply(world.job.id, 'jla_short').expect(401)).body).to.deep.equal(invalidKey);
      expect((await apply(world.job.id, `jla_${'A'.repeat(40)}`).expect(401)).body).to.deep.equal(invalidKey);
      // The key's prefix or its hash are not keys.
      expect((await apply(world.job.id, world.applicantKey.key.slice(0, 12)).expect(401)).body).to.deep.equal(invalidKey);
    });

    it('answers 401 for a revoked key', async () => {
      const revoked = await createApiKey(world.applicant.id, { revoked: true });
      expect((await apply(world.job.id, revoked.key).expect(401)).body).to.deep.equal(revokedKey);
      expect(await applicationRows(world.job.id)).to.deep.equal([]);
    });

    it('refuses a key at once once it is revoked (nothing is cached)', async () => {
      const job2 = await world.newJob();
      await apply(world.job.id, world.applicantKey.key).expect(201);
      await revokeApiKey(testDb(), world.applicantKey.id);
      expect((await apply(job2.id, world.applicantKey.key).expect(401)).body).to.deep.equal(revokedKey);
      expect(await applicationRows(job2.id)).to.deep.equal([]);
    });

    it('accepts the key with surrounding whitespace and records when it was last used', async () => {
      await apply(world.job.id, `  ${world.applicantKey.key} `).expect(201);
      const [key] = await testDb().query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [world.applicantKey.id]);
      expect(key.last_used_at).to.be.an.instanceOf(Date);
    });
  });

  describe('2. 404 not_found (rule 5)', () => {
    it('answers 404 for an unknown job id', async () => {
      const id = randomUUID();
      expect((await apply(id, world.applicantKey.key).expect(404)).body).to.deep.equal(notFound(id));
    });

    it('answers 404, not 400, for malformed job ids', async () => {
      for (const id of ['not-a-uuid', '123', world.job.id.replace(/-/g, ''), `{${world.job.id}}`, `${world.job.id}x`]) {
        expect((await apply(id, world.applicantKey.key).expect(404)).body, id).to.deep.equal(notFound(id));
      }
    });
  });

  describe('3. 409 job_inactive (rule 2)', () => {
    it('answers 409 for a job whose active flag is off', async () => {
      const job = await world.newJob({ is_active: false });
      expect((await apply(job.id, world.applicantKey.key).expect(409)).body).to.deep.equal(inactive(job.id));
    });

    it('answers 409 for a job whose closing date is past, even with its flag on', async () => {
      const yesterday = utcDate(-1);
      const job = await world.newJob({ closing_date: yesterday });
      expect((await apply(job.id, world.applicantKey.key).expect(409)).body).to.deep.equal(closed(job.id, yesterday));
      expect(await applicationRows(job.id)).to.deep.equal([]);
    });
  });

  describe('4. 403 own_posting (rule 3)', () => {
    it('answers 403 when the key user created the job', async () => {
      await resumeFor(world.recruiter.id);
      expect((await apply(world.job.id, world.recruiterKey.key).expect(403)).body).to.deep.equal(ownPosting(world.job.id));
      expect(await applicationRows(world.job.id)).to.deep.equal([]);
    });
  });

  describe('5. 422 resume_required (rule 1)', () => {
    it('answers 422 for a user with no resume at all', async () => {
      const user = await createUser();
      const key = await createApiKey(user.id);
      expect((await apply(world.job.id, key.key).expect(422)).body).to.deep.equal(resumeRequired);
    });

    it('answers 422 for a user whose resumes are all inactive', async () => {
      const user = await createUser();
      await createResume(user.id, { is_active: false });
      const key = await createApiKey(user.id);
      expect((await apply(world.job.id, key.key).expect(422)).body).to.deep.equal(resumeRequired);
      expect(await applicationRows(world.job.id)).to.deep.equal([]);
    });
  });

  describe('6. 409 already_applied', () => {
    it('answers 409 naming the existing application in the hint and in details', async () => {
      const first = await apply(world.job.id, world.applicantKey.key).expect(201);
      const again = await apply(world.job.id, world.applicantKey.key).expect(409);
      expect(again.body).to.deep.equal(alreadyApplied(world.job.id, first.body.id));
      // Also with another key of the same user: the rule is per user, not per key.
      const secondKey = await createApiKey(world.applicant.id);
      expect((await apply(world.job.id, secondKey.key).expect(409)).body).to.deep.equal(alreadyApplied(world.job.id, first.body.id));
      expect(await applicationRows(world.job.id)).to.have.length(1);
    });
  });

  describe('the order of the checks', () => {
    let noResumeKey: string;
    beforeEach(async () => {
      noResumeKey = (await createApiKey((await createUser()).id)).key;
    });

    it('1 before 2..6: without a valid key every job answers 401', async () => {
      const inactiveJob = await world.newJob({ is_active: false });
      expect((await apply(inactiveJob.id).expect(401)).body).to.deep.equal(missingKey);
      expect((await apply('not-a-uuid').expect(401)).body).to.deep.equal(missingKey);
      expect((await apply(randomUUID(), 'jla_bad').expect(401)).body).to.deep.equal(invalidKey);
      const revoked = await createApiKey(world.recruiter.id, { revoked: true });
      expect((await apply(world.job.id, revoked.key).expect(401)).body).to.deep.equal(revokedKey);
      await apply(world.job.id, world.applicantKey.key).expect(201);
      const revokedApplicant = await createApiKey(world.applicant.id, { revoked: true });
      expect((await apply(world.job.id, revokedApplicant.key).expect(401)).body).to.deep.equal(revokedKey);
    });

    it('2 before 5: an unknown or malformed job for a user without a resume is 404', async () => {
      const id = randomUUID();
      expect((await apply(id, noResumeKey).expect(404)).body).to.deep.equal(notFound(id));
      expect((await apply('nope', noResumeKey).expect(404)).body).to.deep.equal(notFound('nope'));
    });

    it('3 before 4 and 5: an inactive job posted by the caller, who has no resume, is 409 job_inactive', async () => {
      const job = await world.newJob({ is_active: false });
      expect((await apply(job.id, world.recruiterKey.key).expect(409)).body).to.deep.equal(inactive(job.id));
      expect((await apply(job.id, noResumeKey).expect(409)).body).to.deep.equal(inactive(job.id));
    });

    it('3 before 6: once the job has closed, a second apply is job_inactive, not already_applied', async () => {
      await apply(world.job.id, world.applicantKey.key).expect(201);
      await testDb().query(`UPDATE jobs SET closing_date = $2 WHERE id = $1`, [world.job.id, utcDate(-3)]);
      expect((await apply(world.job.id, world.applicantKey.key).expect(409)).body).to.deep.equal(closed(world.job.id, utcDate(-3)));
    });

    it('4 before 5: the poster of the job without a resume gets 403 own_posting', async () => {
      expect((await apply(world.job.id, world.recruiterKey.key).expect(403)).body).to.deep.equal(ownPosting(world.job.id));
    });

    it('the key before the query string: an unknown query parameter is 401 without a key, 400 with one', async () => {
      const path = `/agents/jobs/${world.job.id}/apply?source=agent`;
      expect((await writeClient().post(path).expect(401)).body).to.deep.equal(missingKey);
      expect((await writeClient().post(path).set('x-api-key', world.applicantKey.key).expect(400)).body).to.deep.equal({
        code: 'invalid_request',
        message: 'Unknown query parameter "source".',
        hint: 'Known parameters: none.',
        details: [{ field: 'source', message: 'is not a known parameter' }],
      });
      expect(await applicationRows(world.job.id)).to.deep.equal([]);
    });

    it('5 before 6: after applying, a user whose resume was deactivated gets 422', async () => {
      await apply(world.job.id, world.applicantKey.key).expect(201);
      await testDb().query(`UPDATE resumes SET is_active = false WHERE user_id = $1`, [world.applicant.id]);
      expect((await apply(world.job.id, world.applicantKey.key).expect(422)).body).to.deep.equal(resumeRequired);
    });
  });

  it('never writes the API key to the logs, whatever the outcome', async () => {
    let output = '';
    const sink = new Writable({ write: (chunk, _enc, done) => ((output += String(chunk)), done()) });
    // A logger without redaction at the most verbose level: the key must not be handed to it at all.
    const client = () => writeClient(pino({ level: 'trace' }, sink));
    const revoked = await createApiKey(world.applicant.id, { revoked: true });
    const unknown = `jla_${'Z'.repeat(40)}`;
    await client().post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', world.applicantKey.key).expect(201);
    await client().post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', world.applicantKey.key).expect(409);
    await client().post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', revoked.key).expect(401);
    await client().post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', unknown).expect(401);
    await client().post('/agents/jobs/nope/apply').set('x-api-key', world.applicantKey.key).expect(404);
    expect(output).to.include('request rejected'); // the sink did receive the logs
    for (const secret of [world.applicantKey.key, revoked.key, unknown]) expect(output).not.to.include(secret.slice(4));
  });
});

async function resumeFor(userId: string) {
  return createResume(userId);
}
