import type { PoolClient } from 'pg';
import type { Database } from '../../../../shared/db/database';
import { UUID_PATTERN } from '../../../../shared/schemas/common';
import { AccountError } from './errors';
import { checkInput, NewResume } from './inputs';
import { resolveUser } from './users';

/** A resume without its content (operators see its size instead). */
export interface ResumeSummary {
  id: string;
  user_id: string;
  title: string;
  is_active: boolean;
  characters: number;
  created_at: string;
}

const RESUME_COLUMNS = `id, user_id, title, is_active, char_length(content) AS characters, created_at`;

type ResumeRow = Omit<ResumeSummary, 'created_at'> & { created_at: Date };

function toSummary(row: ResumeRow): ResumeSummary {
  return { ...row, created_at: row.created_at.toISOString() };
}

/**
 * Serializes resume changes per user: without it two concurrent activations could both clear the
 * old active resume and then collide on resumes_one_active_per_user.
 */
async function lockUser(client: PoolClient, userId: string): Promise<void> {
  await client.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
}

async function deactivateOthers(client: PoolClient, userId: string, keepId: string | null): Promise<void> {
  await client.query(`UPDATE resumes SET is_active = false WHERE user_id = $1 AND is_active AND id IS DISTINCT FROM $2`, [userId, keepId]);
}

/** Adds a resume to the user; with `activate` it becomes the one active resume at once. */
export async function addResume(
  db: Database,
  userRef: string,
  input: { title?: string; content?: string },
  options: { activate?: boolean } = {},
): Promise<ResumeSummary> {
  const resume = checkInput(NewResume, input);
  const user = await resolveUser(db, userRef);
  const activate = options.activate ?? false;
  return db.transaction(async (client) => {
    await lockUser(client, user.id);
    if (activate) await deactivateOthers(client, user.id, null);
    const { rows } = await client.query<ResumeRow>(
      `INSERT INTO resumes (user_id, title, content, is_active) VALUES ($1, $2, $3, $4) RETURNING ${RESUME_COLUMNS}`,
      [user.id, resume.title, resume.content, activate],
    );
    return toSummary(rows[0]);
  });
}

/** Makes the resume its user's active one (and the previous active one inactive). */
export async function activateResume(
  db: Database,
  resumeId: string,
): Promise<{ resume: ResumeSummary; previousActiveId: string | null; alreadyActive: boolean }> {
  const id = resumeId.trim();
  if (!UUID_PATTERN.test(id))
    throw new AccountError('invalid', `Resume id "${resumeId}" is not a UUID.`, 'See resumes:list <user> for the ids.');
  const [owner] = await db.query<{ user_id: string }>(`SELECT user_id FROM resumes WHERE id = $1`, [id]);
  if (!owner) throw new AccountError('not_found', `No resume with id ${id}.`, 'See resumes:list <user> for the ids.');
  return db.transaction(async (client) => {
    await lockUser(client, owner.user_id);
    const previous = await client.query<{ id: string }>(`SELECT id FROM resumes WHERE user_id = $1 AND is_active`, [owner.user_id]);
    await deactivateOthers(client, owner.user_id, id);
    const { rows } = await client.query<ResumeRow>(`UPDATE resumes SET is_active = true WHERE id = $1 RETURNING ${RESUME_COLUMNS}`, [id]);
    // Deleted between the lookup and the lock: the rollback keeps the user's active resume.
    if (!rows[0]) throw new AccountError('not_found', `No resume with id ${id}.`);
    const previousId = previous.rows[0]?.id ?? null;
    const alreadyActive = previousId === id;
    return { resume: toSummary(rows[0]), previousActiveId: alreadyActive ? null : previousId, alreadyActive };
  });
}

/** The user's resumes, newest first. */
export async function listResumes(db: Database, userRef: string): Promise<ResumeSummary[]> {
  const user = await resolveUser(db, userRef);
  const rows = await db.query<ResumeRow>(`SELECT ${RESUME_COLUMNS} FROM resumes WHERE user_id = $1 ORDER BY created_at DESC, id`, [
    user.id,
  ]);
  return rows.map(toSummary);
}
