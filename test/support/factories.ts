import { randomUUID } from 'node:crypto';
import { apiKeyPrefix, generateApiKey, hashApiKey } from '../../shared/auth/api-key';
import type { JobDocument } from '../../shared/jobs/job-document';
import { testDb } from './context';

/** Builders for test fixtures: each inserts one row with sensible defaults and returns it. */

let counter = 0;
const next = () => ++counter;

export interface OrganizationRow {
  id: string;
  name: string;
}
export async function createOrganization(
  fields: Partial<{ name: string; website: string; industry: string; size: string }> = {},
): Promise<OrganizationRow> {
  const [row] = await testDb().query<OrganizationRow>(
    `INSERT INTO organizations (name, website, industry, size) VALUES ($1, $2, $3, $4) RETURNING id, name`,
    [
      fields.name ?? `Organization ${next()}`,
      fields.website ?? 'https://example.com',
      fields.industry ?? 'Software',
      fields.size ?? '51-200',
    ],
  );
  return row;
}

export interface LocationRow {
  id: string;
  name: string;
}
export async function createLocation(
  fields: Partial<{ name: string; workplace_type: 'onsite' | 'hybrid' | 'remote'; city: string; country_code: string }> = {},
): Promise<LocationRow> {
  const workplace = fields.workplace_type ?? 'onsite';
  const [row] = await testDb().query<LocationRow>(
    `INSERT INTO locations (name, is_remote, workplace_type, city, country_code) VALUES ($1, $2, $3, $4, $5) RETURNING id, name`,
    [fields.name ?? `Location ${next()}`, workplace === 'remote', workplace, fields.city ?? 'Berlin', fields.country_code ?? 'DE'],
  );
  return row;
}

export async function createProject(organizationId: string, name = `Project ${next()}`): Promise<{ id: string; name: string }> {
  const [row] = await testDb().query<{ id: string; name: string }>(
    `INSERT INTO projects (organization_id, name) VALUES ($1, $2) RETURNING id, name`,
    [organizationId, name],
  );
  return row;
}

export interface UserRow {
  id: string;
  name: string;
  email: string;
}
export async function createUser(
  fields: Partial<{ name: string; email: string; headline: string; is_recruiter: boolean; memberOf: string[] }> = {},
): Promise<UserRow> {
  const n = next();
  const [row] = await testDb().query<UserRow>(
    `INSERT INTO users (name, email, headline, is_recruiter) VALUES ($1, $2, $3, $4) RETURNING id, name, email`,
    [
      fields.name ?? `User ${n}`,
      fields.email ?? `user${n}-${randomUUID().slice(0, 8)}@example.com`,
      fields.headline ?? 'Engineer',
      fields.is_recruiter ?? false,
    ],
  );
  for (const organizationId of fields.memberOf ?? []) {
    await testDb().query(`INSERT INTO organization_memberships (user_id, organization_id) VALUES ($1, $2)`, [row.id, organizationId]);
  }
  return row;
}

export async function createResume(
  userId: string,
  fields: Partial<{ title: string; content: string; is_active: boolean }> = {},
): Promise<{ id: string }> {
  const [row] = await testDb().query<{ id: string }>(
    `INSERT INTO resumes (user_id, title, content, is_active) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, fields.title ?? 'Resume', fields.content ?? 'Ten years of building things.', fields.is_active ?? true],
  );
  return row;
}

/** Issues an API key for the user and returns the full key (as the CLI would show it once). */
export async function createApiKey(userId: string, fields: Partial<{ revoked: boolean }> = {}): Promise<{ id: string; key: string }> {
  const key = generateApiKey();
  const [row] = await testDb().query<{ id: string }>(
    `INSERT INTO api_keys (user_id, key_hash, prefix, revoked_at) VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END) RETURNING id`,
    [userId, hashApiKey(key), apiKeyPrefix(key), fields.revoked ?? false],
  );
  return { id: row.id, key };
}

/** The columns of a job row a test sets: the Job document's own fields, declared once in shared/jobs. */
export type JobFields = Pick<
  JobDocument,
  | 'title'
  | 'description'
  | 'organization_id'
  | 'location_id'
  | 'type'
  | 'salary'
  | 'experience'
  | 'education'
  | 'skills'
  | 'tags'
  | 'department'
  | 'closing_date'
  | 'project_id'
  | 'created_by'
  | 'is_active'
  | 'created_at'
>;

/** Inserts a job row (not indexed: index it with the indexing functions when a test needs to). */
export async function createJob(fields: Partial<JobFields> & Pick<JobFields, 'organization_id' | 'location_id'>): Promise<{ id: string }> {
  const [row] = await testDb().query<{ id: string }>(
    `INSERT INTO jobs (title, description, organization_id, location_id, type, salary, experience, education,
                       skills, tags, department, closing_date, project_id, created_by, is_active, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING id`,
    [
      fields.title ?? `Software Engineer ${next()}`,
      fields.description ?? 'Build and run services.',
      fields.organization_id,
      fields.location_id,
      fields.type ?? 'full_time',
      fields.salary ?? '€60,000 - €80,000',
      fields.experience ?? 'mid',
      fields.education ?? null,
      fields.skills ?? ['TypeScript'],
      fields.tags ?? [],
      fields.department ?? null,
      fields.closing_date ?? null,
      fields.project_id ?? null,
      fields.created_by ?? null,
      fields.is_active ?? true,
      fields.created_at ?? new Date().toISOString(),
    ],
  );
  return row;
}

/**
 * Records that a job matches a saved search, as the matcher does: the next number is taken under
 * the saved search row's lock (UPDATE ... RETURNING) and the match inserted in the same transaction.
 */
export async function recordMatch(savedSearchId: string, jobId: string): Promise<number> {
  return testDb().transaction(async (client) => {
    const {
      rows: [{ match_seq }],
    } = await client.query<{ match_seq: string }>(
      `UPDATE saved_searches SET match_seq = match_seq + 1 WHERE id = $1 RETURNING match_seq::text`,
      [savedSearchId],
    );
    await client.query(
      `INSERT INTO saved_search_matches (saved_search_id, seq, job_id, job_version) SELECT $1, $2, id, version FROM jobs WHERE id = $3`,
      [savedSearchId, match_seq, jobId],
    );
    return Number(match_seq);
  });
}
