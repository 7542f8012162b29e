import { expect } from 'chai';
import { resetDatabase, resetIndex, testDb } from '../../../../test/support/context';
import { postJob, readApp, recruiterWorld, UNKNOWN_ID, writeApp, type RecruiterWorld } from '../../../../test/support/manage-fixtures';

const patch = (id: string, body: unknown, key?: string, ifMatch?: string) => {
  let req = writeApp().patch(`/agents/jobs/${id}`).set('content-type', 'application/merge-patch+json');
  if (key) req = req.set('x-api-key', key);
  if (ifMatch) req = req.set('if-match', ifMatch);
  return req.send(JSON.stringify(body));
};

describe('PATCH /agents/jobs/{job_id}', () => {
  let world: RecruiterWorld;

  before(async () => {
    await resetIndex();
  });
  beforeEach(async () => {
    await resetDatabase();
    world = await recruiterWorld();
  });

  describe('200', () => {
    it('changes the fields sent, removes those sent as null, keeps the rest, and answers the new ETag the read side shows', async () => {
      const job = await postJob(world, { description: 'Wards.', closing_date: '2099-01-31', skills: ['Triage'] });
      expect(job.etag).to.equal('W/"v1-open"');
      const res = await patch(
        job.id,
        { title: '  Senior Staff Nurse ', closing_date: null, skills: ['Triage', 'IV'] },
        world.keys.recruiter,
        job.etag,
      );
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.headers.etag).to.equal('W/"v2-open"');
      expect(res.body).to.include({ title: 'Senior Staff Nurse', description: 'Wards.', salary: '£31,365 - £37,890 per annum' });
      expect(res.body).to.not.have.property('closing_date');
      expect(res.body.skills).to.deep.equal(['Triage', 'IV']);
      expect(Date.parse(res.body.updated_at)).to.be.greaterThan(Date.parse(res.body.created_at));
      const read = await readApp().get(`/agents/jobs/${job.id}`);
      expect(read.headers.etag).to.equal('W/"v2-open"');
      expect(read.body.title).to.equal('Senior Staff Nurse');
      const search = await readApp().get('/agents/jobs/search').query({ q: 'senior staff nurse' });
      expect(search.body.jobs[0].id).to.equal(job.id);
    });

    it('parses a new salary text into the structured salary, and keeps a structured salary the patch sends', async () => {
      const job = await postJob(world);
      expect(job.body).to.include({
        salary_min: 31365,
        salary_max: 37890,
        salary_currency: 'GBP',
        salary_period: 'year',
        workplace_type: 'onsite',
        is_remote: false,
      });
      const hourly = await patch(job.id, { salary: '£15.50 - £18 per hour' }, world.keys.recruiter);
      expect(hourly.body).to.include({
        salary: '£15.50 - £18 per hour',
        salary_min: 15.5,
        salary_max: 18,
        salary_currency: 'GBP',
        salary_period: 'hour',
      });
      // Merge semantics: the stored salary_max (18) stays unless the patch removes it.
      const conflicting = await patch(
        job.id,
        { salary: 'Competitive', salary_min: 40000, salary_currency: 'eur', salary_period: 'year' },
        world.keys.recruiter,
      );
      expect(conflicting.body.details).to.deep.equal([{ field: 'salary_max', message: 'must be at least salary_min (40000)' }]);
      const sent = await patch(
        job.id,
        { salary: 'Competitive', salary_min: 40000, salary_max: null, salary_currency: 'eur', salary_period: 'year' },
        world.keys.recruiter,
      );
      expect(sent.status, JSON.stringify(sent.body)).to.equal(200);
      expect(sent.body).to.include({ salary: 'Competitive', salary_min: 40000, salary_currency: 'EUR', salary_period: 'year' });
      expect(sent.body).to.not.have.property('salary_max');
      const cleared = await patch(job.id, { salary_min: null, salary_currency: null, salary_period: null }, world.keys.recruiter);
      expect(cleared.body).to.not.have.any.keys('salary_min', 'salary_max', 'salary_currency', 'salary_period');
    });

    it('lets a colleague of the same organization edit, moves the job to another location, and takes an empty patch as no change', async () => {
      const job = await postJob(world);
      const moved = await patch(job.id, { location_id: world.remote.id }, world.keys.colleague);
      expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
      expect(moved.body).to.include({ location: 'Remote (EU)', workplace_type: 'remote', is_remote: true });
      const same = await patch(job.id, {}, world.keys.recruiter, moved.headers.etag);
      expect(same.status).to.equal(200);
      expect(same.headers.etag).to.equal(moved.headers.etag);
    });

    it('accepts If-Match: * and a list that holds the current tag, and reopens an expired job with a later closing date', async () => {
      const job = await postJob(world);
      await testDb().query(`UPDATE jobs SET closing_date = current_date - 3 WHERE id = $1`, [job.id]);
      expect((await patch(job.id, { team: 'Ward 7' }, world.keys.recruiter, '*')).status).to.equal(200);
      const reopened = await patch(job.id, { closing_date: '2099-12-31' }, world.keys.recruiter, 'W/"v1-open", W/"v2-closed"');
      expect(reopened.status, JSON.stringify(reopened.body)).to.equal(200);
      expect(reopened.body.is_active).to.equal(true);
    });
  });

  describe('errors, in the order of the checks', () => {
    it('401 without a key, before anything about the job', async () => {
      const res = await patch(UNKNOWN_ID, { title: 'x' });
      expect(res.status).to.equal(401);
      expect(res.body.code).to.equal('unauthenticated');
    });

    it('404 for an unknown or malformed id, before permission and body', async () => {
      for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
        const res = await patch(id, 'not an object', world.keys.applicant);
        expect(res.status, id).to.equal(404);
        expect(res.body).to.deep.equal({
          code: 'not_found',
          message: `No job with id "${id}".`,
          hint: 'Job ids are UUIDs as returned by GET /agents/jobs or /agents/jobs/search.',
        });
      }
    });

    it('403 for an applicant key and for a recruiter of another organization, before the body is read', async () => {
      const job = await postJob(world);
      const applicant = await patch(job.id, 'not an object', world.keys.applicant);
      expect(applicant.status).to.equal(403);
      expect(applicant.body.code).to.equal('forbidden');
      const outsider = await patch(job.id, { title: 'Mine now' }, world.keys.outsider);
      expect(outsider.status).to.equal(403);
      expect(outsider.body.message).to.equal(
        `The owner of this API key is not a member of organization "${world.acme.id}", which posted job ${job.id}.`,
      );
    });

    it('400 for a body that breaks the create rules, naming each field; required fields cannot be removed', async () => {
      const job = await postJob(world);
      const res = await patch(
        job.id,
        { title: null, salary: '  ', type: 'gig', closing_date: '2001-01-01', wage: 3, salary_min: 10, salary_max: 5 },
        world.keys.recruiter,
      );
      expect(res.status).to.equal(400);
      expect(res.body.code).to.equal('invalid_request');
      const fields = (res.body.details as { field: string }[]).map((d) => d.field).sort();
      expect(fields).to.include.members(['title', 'salary', 'type', 'closing_date', 'wage']);
      const partial = await patch(job.id, { salary: 'Competitive', salary_min: 30000 }, world.keys.recruiter);
      // The text has no amount, so nothing fills the currency and period the sent amount needs.
      expect(partial.status, JSON.stringify(partial.body)).to.equal(200);
      expect(partial.body).to.include({ salary_min: 30000, salary_currency: 'GBP', salary_period: 'year' });
      const incomplete = await patch(job.id, { salary_currency: null, salary_max: 40000 }, world.keys.recruiter);
      expect(incomplete.status).to.equal(400);
      expect(incomplete.body.details).to.deep.include({
        field: 'salary_currency',
        message: 'is required with a structured salary (salary_min, salary_max, salary_currency, salary_period go together)',
      });
    });

    it('415 for a body that is not JSON', async () => {
      const job = await postJob(world);
      const res = await writeApp()
        .patch(`/agents/jobs/${job.id}`)
        .set('x-api-key', world.keys.recruiter)
        .set('content-type', 'text/plain')
        .send('title=x');
      expect(res.status).to.equal(415);
    });

    it('412 for a stale If-Match, with the current ETag, writing nothing', async () => {
      const job = await postJob(world);
      await patch(job.id, { team: 'A' }, world.keys.recruiter, job.etag);
      const res = await patch(job.id, { team: 'B' }, world.keys.recruiter, job.etag);
      expect(res.status).to.equal(412);
      expect(res.body).to.deep.equal({
        code: 'precondition_failed',
        message: `Job ${job.id} has changed since the version your If-Match names (it is now W/"v2-open").`,
        hint: 'GET the job again, apply your change to what it holds now, and send it with the new ETag in If-Match.',
        details: [{ field: 'If-Match', message: 'does not match the current ETag', current_etag: 'W/"v2-open"' }],
      });
      const [row] = await testDb().query<{ team: string }>('SELECT team FROM jobs WHERE id = $1', [job.id]);
      expect(row.team).to.equal('A');
    });

    it('409 job_inactive for a closed job', async () => {
      const job = await postJob(world);
      await writeApp().post(`/agents/jobs/${job.id}/close`).set('x-api-key', world.keys.recruiter);
      const res = await patch(job.id, { title: 'Again' }, world.keys.recruiter);
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal({
        code: 'job_inactive',
        message: `Job ${job.id} is closed; a closed job cannot be edited.`,
        hint: 'Closing is final: post the job again (POST /agents/jobs) to reopen it.',
      });
    });

    it('400 unknown_location and 403 for an organization the recruiter is not in, as at create', async () => {
      const job = await postJob(world);
      expect((await patch(job.id, { location_id: UNKNOWN_ID }, world.keys.recruiter)).body.code).to.equal('unknown_location');
      const moved = await patch(job.id, { organization_id: world.other.id }, world.keys.recruiter);
      expect(moved.status).to.equal(403);
    });
  });

  it('two patches with the same ETag at once: one 200, one 412', async () => {
    const job = await postJob(world);
    const answers = await Promise.all([
      patch(job.id, { team: 'Left' }, world.keys.recruiter, job.etag),
      patch(job.id, { team: 'Right' }, world.keys.colleague, job.etag),
    ]);
    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 412]);
    const winner = answers.find((a) => a.status === 200)!;
    const [row] = await testDb().query<{ team: string; version: string }>('SELECT team, version FROM jobs WHERE id = $1', [job.id]);
    expect(row).to.deep.equal({ team: winner.body.team, version: '2' });
  });
});
