import { expect } from 'chai';
import { Client } from 'pg';
import { ensureDatabase, migrateDown, migrateUp } from '../../shared/db/migrate';
import { resetDatabase, testDb } from '../support/context';
import { createApiKey, createJob, createLocation, createOrganization, createProject, createResume, createUser } from '../support/factories';

/** Runs `sql` and returns the SQLSTATE it failed with (or 'ok'). */
async function sqlState(sql: string, values: unknown[] = []): Promise<string> {
  try {
    await testDb().query(sql, values);
    return 'ok';
  } catch (err) {
    return (err as { code: string }).code;
  }
}

const CHECK = '23514';
const UNIQUE = '23505';
const FOREIGN_KEY = '23503';
const NOT_NULL = '23502';

describe('migrations', () => {
  describe('up and down', () => {
    const url = `postgres://postgres@127.0.0.1:5432/${process.env.TEST_DB_NAME ?? 'jla_test'}_migrations`;

    after(async () => {
      const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`).finally(() => admin.end());
    });

    it('creates the database, applies every migration, rolls them all back and applies them again', async () => {
      await ensureDatabase(url);
      await ensureDatabase(url); // idempotent
      await migrateUp(url);
      await migrateUp(url); // nothing pending: no error
      const tables = async () => {
        const c = new Client({ connectionString: url });
        await c.connect();
        const { rows } = await c.query(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'pgmigrations' ORDER BY 1`,
        );
        await c.end();
        return rows.map((r) => r.table_name);
      };
      expect(await tables()).to.deep.equal([
        'api_keys',
        'applications',
        'job_create_idempotency_keys',
        'job_embeddings',
        'job_index_outbox',
        'job_match_queue',
        'jobs',
        'locations',
        'organization_memberships',
        'organizations',
        'projects',
        'resumes',
        'saved_search_matches',
        'saved_searches',
        'users',
        'webhook_deliveries',
        'webhook_delivery_attempts',
        'webhook_subscriptions',
      ]);
      await migrateDown(url);
      expect(await tables()).to.deep.equal([]);
      await migrateUp(url);
      expect(await tables()).to.have.length(18);
    });
  });

  describe('constraints refuse what the API would refuse', () => {
    let org: { id: string };
    let loc: { id: string };
    let user: { id: string };

    beforeEach(async () => {
      await resetDatabase();
      org = await createOrganization();
      loc = await createLocation();
      user = await createUser();
    });

    const insertJob = (overrides: Record<string, unknown>) => {
      const row: Record<string, unknown> = {
        title: 'Engineer',
        organization_id: org.id,
        location_id: loc.id,
        type: 'full_time',
        salary: '100k',
        ...overrides,
      };
      const cols = Object.keys(row);
      return sqlState(`INSERT INTO jobs (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
    };

    it('accepts a valid job', async () => {
      expect(await insertJob({})).to.equal('ok');
    });

    it('refuses a job with an unknown employment type', async () => {
      expect(await insertJob({ type: 'gig' })).to.equal(CHECK);
    });

    it('refuses an empty or overlong title and a missing salary', async () => {
      expect(await insertJob({ title: '   ' })).to.equal(CHECK);
      expect(await insertJob({ title: 'x'.repeat(201) })).to.equal(CHECK);
      expect(await insertJob({ salary: null })).to.equal(NOT_NULL);
    });

    it('refuses a resume_score_threshold outside 0-100 and more than 50 skills', async () => {
      expect(await insertJob({ resume_score_threshold: 101 })).to.equal(CHECK);
      expect(await insertJob({ resume_score_threshold: -1 })).to.equal(CHECK);
      expect(await insertJob({ skills: Array.from({ length: 51 }, (_, i) => `s${i}`) })).to.equal(CHECK);
    });

    it('refuses unknown organizations and locations', async () => {
      expect(await insertJob({ organization_id: '00000000-0000-4000-8000-000000000000' })).to.equal(FOREIGN_KEY);
      expect(await insertJob({ location_id: '00000000-0000-4000-8000-000000000000' })).to.equal(FOREIGN_KEY);
    });

    it('refuses a project of another organization', async () => {
      const other = await createOrganization();
      const project = await createProject(other.id);
      expect(await insertJob({ project_id: project.id })).to.equal(FOREIGN_KEY);
      const own = await createProject(org.id);
      expect(await insertJob({ project_id: own.id })).to.equal('ok');
    });

    it('refuses a second active resume for one user, but allows inactive ones', async () => {
      await createResume(user.id, { is_active: true });
      expect(await sqlState(`INSERT INTO resumes (user_id, title, content, is_active) VALUES ($1, 'b', 'b', false)`, [user.id])).to.equal(
        'ok',
      );
      expect(await sqlState(`INSERT INTO resumes (user_id, title, content, is_active) VALUES ($1, 'c', 'c', true)`, [user.id])).to.equal(
        UNIQUE,
      );
    });

    it('refuses a second application by the same user to the same job, and unknown statuses', async () => {
      const job = await createJob({ organization_id: org.id, location_id: loc.id });
      const resume = await createResume(user.id);
      const apply = (status = 'submitted') =>
        sqlState(`INSERT INTO applications (job_id, user_id, resume_id, status, profile_snapshot) VALUES ($1, $2, $3, $4, '{}')`, [
          job.id,
          user.id,
          resume.id,
          status,
        ]);
      expect(await apply('pending')).to.equal(CHECK);
      expect(await apply()).to.equal('ok');
      expect(await apply()).to.equal(UNIQUE);
    });

    it("refuses an application made with another user's resume", async () => {
      const job = await createJob({ organization_id: org.id, location_id: loc.id });
      const other = await createUser();
      const resume = await createResume(other.id);
      expect(
        await sqlState(`INSERT INTO applications (job_id, user_id, resume_id, profile_snapshot) VALUES ($1, $2, $3, '{}')`, [
          job.id,
          user.id,
          resume.id,
        ]),
      ).to.equal(FOREIGN_KEY);
    });

    it('refuses duplicate emails whatever their case, and malformed ones', async () => {
      await createUser({ email: 'Ada@Example.com' });
      expect(await sqlState(`INSERT INTO users (name, email) VALUES ('A', 'ada@example.com')`)).to.equal(UNIQUE);
      expect(await sqlState(`INSERT INTO users (name, email) VALUES ('A', 'not-an-email')`)).to.equal(CHECK);
    });

    it('refuses malformed key hashes and duplicate keys', async () => {
      const { id } = await createApiKey(user.id);
      const [{ key_hash }] = await testDb().query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE id = $1', [id]);
      expect(
        await sqlState(`INSERT INTO api_keys (user_id, key_hash, prefix) VALUES ($1, $2, 'jla_abcd1234')`, [user.id, key_hash]),
      ).to.equal(UNIQUE);
      expect(
        await sqlState(`INSERT INTO api_keys (user_id, key_hash, prefix) VALUES ($1, 'plaintext', 'jla_abcd1234')`, [user.id]),
      ).to.equal(CHECK);
    });

    it('refuses a location whose is_remote contradicts its workplace type, and unknown workplace types', async () => {
      expect(await sqlState(`INSERT INTO locations (name, is_remote, workplace_type) VALUES ('X', true, 'onsite')`)).to.equal(CHECK);
      expect(await sqlState(`INSERT INTO locations (name, is_remote, workplace_type) VALUES ('X', false, 'office')`)).to.equal(CHECK);
      expect(await sqlState(`INSERT INTO locations (name, is_remote, workplace_type) VALUES ('Remote EU', true, 'remote')`)).to.equal('ok');
    });

    it('refuses organization sizes outside the list and non-http websites', async () => {
      expect(await sqlState(`INSERT INTO organizations (name, size) VALUES ('X', 'huge')`)).to.equal(CHECK);
      expect(await sqlState(`INSERT INTO organizations (name, website) VALUES ('X', 'javascript:alert(1)')`)).to.equal(CHECK);
    });

    it('refuses idempotency keys that are empty or too long, malformed hashes, a key twice for one user, and unknown users', async () => {
      const hash = 'a'.repeat(64);
      const claim = (userId: string, key: string, requestHash = hash) =>
        sqlState('INSERT INTO job_create_idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3)', [userId, key, requestHash]);
      expect(await claim(user.id, '')).to.equal(CHECK);
      expect(await claim(user.id, 'k'.repeat(256))).to.equal(CHECK);
      expect(await claim(user.id, 'k', 'not-a-sha256')).to.equal(CHECK);
      expect(await claim('00000000-0000-4000-8000-000000000000', 'k')).to.equal(FOREIGN_KEY);
      expect(await claim(user.id, 'k')).to.equal('ok');
      expect(await claim(user.id, 'k')).to.equal(UNIQUE);
      expect(await claim((await createUser()).id, 'k')).to.equal('ok');
    });

    it('refuses a vector under a key that is no embedding key, bytes that are not float32 numbers, and a key twice', async () => {
      const store = (key: string, vector: Buffer) =>
        sqlState(`INSERT INTO job_embeddings (key, model, vector) VALUES ($1, 'm', $2)`, [key, vector]);
      const key = 'a'.repeat(43);
      expect(await store('not-a-key', Buffer.alloc(8))).to.equal(CHECK);
      expect(await store(key, Buffer.alloc(6))).to.equal(CHECK);
      expect(await store(key, Buffer.alloc(0))).to.equal(CHECK);
      expect(await store(key, Buffer.alloc(8))).to.equal('ok');
      expect(await store(key, Buffer.alloc(8))).to.equal(UNIQUE);
    });

    it('refuses an organization membership of an unknown user', async () => {
      expect(
        await sqlState(`INSERT INTO organization_memberships (user_id, organization_id) VALUES ($1, $2)`, [
          '00000000-0000-4000-8000-000000000000',
          org.id,
        ]),
      ).to.equal(FOREIGN_KEY);
    });
  });
});
