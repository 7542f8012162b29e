import { expect } from 'chai';
import { createReadApp } from '../../../read';
import { createWriteApp } from '../../app';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../../../test/support/context';
import { createApiKey, createLocation, createOrganization, createProject, createUser } from '../../../../test/support/factories';
import { httpClient } from '../../../../test/support/http';
import { waitFor } from '../../../../test/support/wait';
import { todayUtc } from '../../../../shared/jobs/job-document';
import { utcDay } from '../../../../test/fixtures/job-documents';

const config = testConfig();
const write = () => httpClient(createWriteApp({ config, db: testDb(), search: testSearch(), logger: testLogger }).app);
const read = () => httpClient(createReadApp({ config, search: testSearch(), logger: testLogger }).app);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const HINT_KEY = 'Send your API key in the x-api-key header; if you have none, ask the operator of this service for an API key.';
const HINT_FIX = 'Fix the fields named in details.';

const day = utcDay;

describe('POST /agents/jobs', () => {
  let org: { id: string; name: string };
  let loc: { id: string; name: string };
  let key: string;
  let recruiterId: string;

  /** A complete, valid body for the recruiter's organization. */
  const body = (fields: Record<string, unknown> = {}) => ({
    title: 'Senior Backend Engineer',
    organization_id: org.id,
    location_id: loc.id,
    type: 'full_time',
    salary: '€70,000 - €90,000',
    ...fields,
  });
  const post = (payload: unknown, apiKey = key) =>
    write()
      .post('/agents/jobs')
      .set('x-api-key', apiKey)
      .send(payload as object);
  /** Asserts a 400 invalid_request and returns its details. */
  const invalid = async (payload: unknown) => {
    const res = await post(payload);
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body.code).to.equal('invalid_request');
    expect(res.body.hint).to.equal(HINT_FIX);
    return res.body.details as { field: string; message: string }[];
  };

  before(async () => {
    await resetDatabase();
    await resetIndex();
    org = await createOrganization({ name: 'Acme' });
    loc = await createLocation({ name: 'Berlin' });
    const recruiter = await createUser({ is_recruiter: true, memberOf: [org.id] });
    recruiterId = recruiter.id;
    key = (await createApiKey(recruiter.id)).key;
  });

  describe('201', () => {
    it('creates the job, answers it with a Location header and leaves no outbox row behind', async () => {
      const res = await post(
        body({
          title: '  Senior Backend Engineer  ',
          description: 'Build the services.',
          department: 'Engineering',
          experience: 'senior',
          education: 'BSc',
          skills: [' TypeScript ', 'PostgreSQL', '  '],
          team: 'Platform',
          reporting_to: 'CTO',
          closing_date: day(30),
          tags: ['remote'],
          responsibilities: ['Own the API'],
          resume_score_threshold: 72.5,
          generate_screening: true,
          description_extra: undefined,
        }),
      );
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const { id, created_at, updated_at, ...rest } = res.body;
      expect(id).to.match(/^[0-9a-f-]{36}$/);
      expect(res.headers.location).to.equal(`${config.baseUrl}/agents/jobs/${id}`);
      expect(created_at).to.equal(updated_at);
      expect(Date.now() - Date.parse(created_at)).to.be.within(0, 10_000);
      expect(rest).to.deep.equal({
        title: 'Senior Backend Engineer',
        description: 'Build the services.',
        organization: 'Acme',
        location: 'Berlin',
        type: 'full_time',
        salary: '€70,000 - €90,000',
        experience: 'senior',
        education: 'BSc',
        skills: ['TypeScript', 'PostgreSQL'],
        closing_date: day(30),
        organization_id: org.id,
        location_id: loc.id,
        department: 'Engineering',
        team: 'Platform',
        reporting_to: 'CTO',
        tags: ['remote'],
        responsibilities: ['Own the API'],
        resume_score_threshold: 72.5,
        generate_screening: true,
        is_active: true,
        salary_min: 70000,
        salary_max: 90000,
        salary_currency: 'EUR',
        salary_period: 'year',
        workplace_type: 'onsite',
        is_remote: false,
      });
      const [row] = await testDb().query('SELECT created_by, version FROM jobs WHERE id = $1', [id]);
      expect(row).to.deep.equal({ created_by: recruiterId, version: '1' });
      expect(await testDb().query('SELECT * FROM job_index_outbox WHERE job_id = $1', [id])).to.deep.equal([]);
    });

    it('omits optional fields that were not sent, and accepts a closing date of today and a project of the organization', async () => {
      const project = await createProject(org.id);
      const res = await post(body({ closing_date: todayUtc(), project_id: project.id, description: '   ', team: null }));
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(Object.keys(res.body).sort()).to.deep.equal(
        [
          'closing_date',
          'created_at',
          'generate_screening',
          'id',
          'is_active',
          'location',
          'location_id',
          'organization',
          'organization_id',
          'project_id',
          'responsibilities',
          'salary',
          'skills',
          'tags',
          'title',
          'type',
          'updated_at',
          'salary_min',
          'salary_max',
          'salary_currency',
          'salary_period',
          'workplace_type',
          'is_remote',
        ].sort(),
      );
      expect(res.body.project_id).to.equal(project.id);
      expect(res.body.skills).to.deep.equal([]);
    });

    it('is readable by id at once, and found by browse and search within 2 seconds', async () => {
      const res = await post(body({ title: 'Quantum Gardener', skills: ['botany'] }));
      expect(res.status).to.equal(201);
      const id = res.body.id;
      const got = await read().get(`/agents/jobs/${id}`);
      expect(got.status).to.equal(200);
      // The public read is the created job less the recruiter's screening settings (DESIGN.md 3).
      const { generate_screening: _, resume_score_threshold: __, ...publicFields } = res.body;
      expect(got.body).to.deep.equal(publicFields);
      let browsed = false;
      let searched = false;
      const foundByBoth = async () => {
        const [b, s] = await Promise.all([
          read().get('/agents/jobs').query({ limit: 100 }),
          read().get('/agents/jobs/search').query({ q: 'quantum gardener' }),
        ]);
        browsed ||= b.body.jobs.some((j: { id: string }) => j.id === id);
        searched ||= s.body.jobs.some((j: { id: string }) => j.id === id);
        return browsed && searched;
      };
      await waitFor(foundByBoth, {
        what: () => `browse and search to find the new job within 2 s (browse found it: ${browsed}, search: ${searched})`,
        timeoutMs: 2000,
      });
    });
  });

  describe('401 unauthenticated (checked before anything else)', () => {
    it('answers a missing key, even with a body that is not JSON', async () => {
      const res = await write().post('/agents/jobs').set('content-type', 'text/plain').send('hello');
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ code: 'unauthenticated', message: 'The x-api-key header is missing.', hint: HINT_KEY });
    });

    it('answers a missing key before reading a body over 256 KiB', async () => {
      const res = await write()
        .post('/agents/jobs')
        .send(body({ description: 'x'.repeat(300 * 1024) }));
      expect(res.status).to.equal(401);
      expect(res.body.code).to.equal('unauthenticated');
    });

    it('answers a malformed key and an unknown key', async () => {
      for (const bad of ['not-a-key', `jla_${'x'.repeat(40)}`]) {
        const res = await post(body(), bad);
        expect(res.status).to.equal(401);
        expect(res.body).to.deep.equal({ code: 'unauthenticated', message: 'The API key is not valid.', hint: HINT_KEY });
      }
    });

    it('answers a revoked key', async () => {
      const user = await createUser({ is_recruiter: true, memberOf: [org.id] });
      const revoked = await createApiKey(user.id, { revoked: true });
      const res = await post(body(), revoked.key);
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ code: 'unauthenticated', message: 'The API key has been revoked.', hint: HINT_KEY });
    });
  });

  describe('403 forbidden', () => {
    it('answers a key whose user is not a recruiter, before looking at the body', async () => {
      const user = await createUser({ is_recruiter: false, memberOf: [org.id] });
      const { key: candidate } = await createApiKey(user.id);
      for (const payload of [body(), { nonsense: true }]) {
        const res = await post(payload, candidate);
        expect(res.status).to.equal(403);
        expect(res.body).to.deep.equal({
          code: 'forbidden',
          message: 'Creating jobs needs an API key of a recruiter.',
          hint: 'Use the API key of a recruiter account; to have this account made a recruiter, ask the operator of this service.',
        });
      }
    });

    it('answers a recruiter who is not a member of the organization', async () => {
      const other = await createOrganization();
      const res = await post(body({ organization_id: other.id }));
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal({
        code: 'forbidden',
        message: `The owner of this API key is not a member of organization "${other.id}".`,
        hint: 'Recruiters post jobs only for their own organizations; post for one of yours, or ask the operator of this service to add you to this one.',
      });
    });
  });

  describe('415 and 413', () => {
    it('answers 415 to a body that is not JSON', async () => {
      const res = await write().post('/agents/jobs').set('x-api-key', key).set('content-type', 'text/plain').send('title=x');
      expect(res.status).to.equal(415);
      expect(res.body).to.deep.equal({
        code: 'unsupported_media_type',
        message: 'Content-Type "text/plain" is not supported.',
        hint: 'Send the body as JSON with Content-Type: application/json.',
      });
    });

    it('answers 415 to a form body', async () => {
      const res = await write().post('/agents/jobs').set('x-api-key', key).type('form').send({ title: 'x' });
      expect(res.status).to.equal(415);
      expect(res.body.code).to.equal('unsupported_media_type');
    });

    it('answers 413 to a body over 256 KiB', async () => {
      const res = await post(body({ description: 'x'.repeat(300 * 1024) }));
      expect(res.status).to.equal(413);
      expect(res.body).to.deep.equal({
        code: 'payload_too_large',
        message: 'The request body is larger than 256 KiB.',
        hint: 'Send a smaller body: split the content, or trim long text fields.',
      });
    });
  });

  describe('400 invalid_request', () => {
    it('answers a body that is not valid JSON', async () => {
      const res = await write().post('/agents/jobs').set('x-api-key', key).set('content-type', 'application/json').send('{"title": ');
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        code: 'invalid_request',
        message: 'The request body is not valid JSON.',
        hint: 'Send a JSON object, for example {"title": "..."}.',
      });
    });

    it('answers a missing body and a body that is not an object', async () => {
      const missing = await write().post('/agents/jobs').set('x-api-key', key);
      expect(missing.status).to.equal(400);
      expect(missing.body).to.deep.equal({ code: 'invalid_request', message: 'The request body is missing.', hint: 'Send a JSON object.' });
      const array = await post([body()]);
      expect(array.status).to.equal(400);
      expect(array.body).to.deep.equal({
        code: 'invalid_request',
        message: 'The request body must be a JSON object.',
        hint: 'Send a JSON object, not an array or a scalar.',
      });
    });

    it('lists every missing required field, counting blank strings and null as missing', async () => {
      const res = await post({ title: '   ', salary: null });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        code: 'invalid_request',
        message:
          'The request body is invalid: title is required; organization_id is required; location_id is required; type is required; salary is required.',
        hint: HINT_FIX,
        details: [
          { field: 'title', message: 'is required' },
          { field: 'organization_id', message: 'is required' },
          { field: 'location_id', message: 'is required' },
          { field: 'type', message: 'is required' },
          { field: 'salary', message: 'is required' },
        ],
      });
    });

    it('refuses unknown fields, naming each', async () => {
      expect(await invalid(body({ company: 'Acme', remote: true }))).to.deep.equal([
        { field: 'company', message: 'is not a known field' },
        { field: 'remote', message: 'is not a known field' },
      ]);
    });

    it('refuses wrong types and an unknown employment type', async () => {
      expect(
        await invalid(
          body({ title: 42, type: 'permanent', skills: 'TypeScript', generate_screening: 'yes', resume_score_threshold: '50' }),
        ),
      ).to.deep.equal([
        { field: 'title', message: 'must be a string' },
        { field: 'type', message: 'must be one of: full_time, part_time, contract, internship, freelance, volunteer' },
        { field: 'skills', message: 'must be an array' },
        { field: 'resume_score_threshold', message: 'must be a number' },
        { field: 'generate_screening', message: 'must be a boolean' },
      ]);
    });

    it('enforces the bounds of DESIGN.md 6', async () => {
      const many = Array.from({ length: 51 }, (_, i) => `item ${i}`);
      expect(
        await invalid(
          body({
            title: 't'.repeat(201),
            salary: 's'.repeat(101),
            description: 'd'.repeat(50_001),
            skills: many,
            tags: ['x'.repeat(201)],
            responsibilities: many,
            resume_score_threshold: 100.5,
            department: 'd'.repeat(201),
          }),
        ),
      ).to.deep.equal([
        { field: 'title', message: 'must be at most 200 characters' },
        { field: 'salary', message: 'must be at most 100 characters' },
        { field: 'description', message: 'must be at most 50000 characters' },
        { field: 'department', message: 'must be at most 200 characters' },
        { field: 'skills', message: 'must have at most 50 items' },
        { field: 'tags.0', message: 'must be at most 200 characters' },
        { field: 'responsibilities', message: 'must have at most 50 items' },
        { field: 'resume_score_threshold', message: 'must be <= 100' },
      ]);
      expect(await invalid(body({ resume_score_threshold: -1 }))).to.deep.equal([
        { field: 'resume_score_threshold', message: 'must be >= 0' },
      ]);
    });

    it('accepts the bounds themselves (after trimming)', async () => {
      const fifty = Array.from({ length: 50 }, (_, i) => `${'x'.repeat(195)} ${i}`.slice(-200));
      const res = await post(
        body({
          title: ` ${'t'.repeat(200)} `,
          salary: 's'.repeat(100),
          description: 'd'.repeat(50_000),
          skills: fifty,
          resume_score_threshold: 0,
        }),
      );
      expect(res.status, JSON.stringify(res.body.details)).to.equal(201);
      expect(res.body.title).to.have.length(200);
      expect(res.body.resume_score_threshold).to.equal(0);
    });

    it('refuses malformed ids and closing dates that are not dates or are in the past', async () => {
      expect(
        await invalid(body({ organization_id: 'acme', location_id: 12, project_id: 'p-1', closing_date: '2027-02-30' })),
      ).to.deep.equal([
        { field: 'organization_id', message: 'must match format "uuid"' },
        { field: 'location_id', message: 'must be a string' },
        { field: 'closing_date', message: 'must match format "date"' },
        { field: 'project_id', message: 'must match format "uuid"' },
      ]);
      expect(await invalid(body({ closing_date: '31/12/2030' }))).to.deep.equal([
        { field: 'closing_date', message: 'must match format "date"' },
      ]);
      expect(await invalid(body({ closing_date: day(-1) }))).to.deep.equal([
        { field: 'closing_date', message: `must not be in the past (today is ${todayUtc()} UTC)` },
      ]);
    });

    it('answers a NUL character (U+0000), which Postgres cannot store, and writes nothing', async () => {
      for (const fields of [{ description: 'a\u0000b' }, { skills: ['Go', 'C\u0000'] }]) {
        const res = await post(body(fields));
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({
          code: 'invalid_request',
          message: 'The job contains a NUL character (U+0000), which cannot be stored.',
          hint: 'Remove the U+0000 characters from its strings.',
        });
      }
      expect(await testDb().query("SELECT id FROM jobs WHERE description = 'a'")).to.deep.equal([]);
    });

    it('reports a past closing date together with the other problems', async () => {
      expect(await invalid(body({ title: '', closing_date: '2001-01-01' }))).to.deep.equal([
        { field: 'title', message: 'is required' },
        { field: 'closing_date', message: `must not be in the past (today is ${todayUtc()} UTC)` },
      ]);
    });
  });

  describe('400 unknown references', () => {
    it('answers unknown_organization, before checking membership', async () => {
      const res = await post(body({ organization_id: UNKNOWN }));
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        code: 'unknown_organization',
        message: `No organization with id "${UNKNOWN}".`,
        hint: 'Find organization ids with POST /organization.v1.OrganizationService/List.',
        details: [{ field: 'organization_id', message: 'does not exist' }],
      });
    });

    it('answers unknown_location', async () => {
      const res = await post(body({ location_id: UNKNOWN }));
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        code: 'unknown_location',
        message: `No location with id "${UNKNOWN}".`,
        hint: 'Find location ids with POST /location.v1.LocationService/List.',
        details: [{ field: 'location_id', message: 'does not exist' }],
      });
    });

    it('answers unknown_project for a missing project and for a project of another organization', async () => {
      const other = await createOrganization();
      const foreign = await createProject(other.id);
      for (const projectId of [UNKNOWN, foreign.id]) {
        const res = await post(body({ project_id: projectId }));
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({
          code: 'unknown_project',
          message: `No project with id "${projectId}" in organization "${org.id}".`,
          hint: "A job's project must be one of its organization's projects; leave project_id out if there is none.",
          details: [{ field: 'project_id', message: 'does not exist in this organization' }],
        });
      }
    });

    it('writes nothing when a create is refused', async () => {
      const before = await testDb().query<{ jobs: string; outbox: string }>(
        'SELECT (SELECT count(*) FROM jobs) AS jobs, (SELECT count(*) FROM job_index_outbox) AS outbox',
      );
      await post(body({ location_id: UNKNOWN }));
      await post(body({ organization_id: UNKNOWN }));
      const after = await testDb().query('SELECT (SELECT count(*) FROM jobs) AS jobs, (SELECT count(*) FROM job_index_outbox) AS outbox');
      expect(after).to.deep.equal(before);
    });
  });
});
