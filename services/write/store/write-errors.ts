import { errors, type ApiError } from '../../../shared/errors';
import { FOREIGN_KEY_VIOLATION, pgViolation } from './pg-errors';

/** SQLSTATEs that mean "the database refused these values". */
const REFUSED_VALUE = new Set(['23502', '23514', '22001', '22003', '22007', '22008', '22P02']);
/**
 * SQLSTATEs of text Postgres cannot hold: a U+0000 in a string (jsonb refuses the escape, text
 * the byte). Valid JSON and valid for the schema, so only the database can say no.
 */
const UNSTORABLE_TEXT = new Set(['22P05', '22021']);

/**
 * Turns a Postgres refusal of a job row into the answer the API gives for it, by SQLSTATE and
 * constraint name (never by message text); undefined for anything else (the caller rethrows).
 * Validation and the reference checks normally catch all of these first: this covers races
 * (an organization deleted meanwhile) and rows that reach the table by another road.
 */
export function toJobWriteError(
  err: unknown,
  job: { organization_id: string; location_id: string; project_id?: string },
): ApiError | undefined {
  const { code, constraint } = pgViolation(err) ?? {};
  if (code === FOREIGN_KEY_VIOLATION) {
    if (constraint === 'jobs_organization_id_fkey') return errors.unknownOrganization(job.organization_id);
    if (constraint === 'jobs_location_id_fkey') return errors.unknownLocation(job.location_id);
    if (constraint === 'jobs_project_id_organization_id_fkey') return errors.unknownProject(job.project_id ?? '', job.organization_id);
    return undefined;
  }
  if (code && UNSTORABLE_TEXT.has(code)) {
    return errors.invalidRequest(
      'The job contains a NUL character (U+0000), which cannot be stored.',
      'Remove the U+0000 characters from its strings.',
    );
  }
  if (code && REFUSED_VALUE.has(code)) {
    return errors.invalidRequest(
      `The job was refused by the database${constraint ? ` (constraint ${constraint})` : ''}.`,
      'The bounds of every field are in the JobCreateRequest schema of GET /openapi.json.',
    );
  }
  return undefined;
}
