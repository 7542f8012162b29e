import type { Database } from '../../../shared/db/database';
import { errors } from '../../../shared/errors';
import { STRUCTURED_SALARY_FIELDS, structuredSalaryProblems, type JobCreateRequest } from '../../../shared/schemas/job-create';
import type { JobUpdateRequest } from '../../../shared/schemas/job-update';
import type { CommittedJob } from '../../../shared/jobs/job-document';
import type { JobDocumentRow } from '../../../shared/jobs/job-rows';
import { queryableClient } from '../../../shared/db/queryable';
import { EDITABLE_COLUMNS, loadJob, writeJobChange } from '../store/job-changes';
import { checkReferences } from '../store/references';
import { salaryFromText, sentStructuredSalary } from '../salary/structured-salary';
import { toJobWriteError } from '../store/write-errors';
import type { WriteDeps } from '../deps';
import { indexIfChanged, type CurrentJob } from './current-job';
import { etagOf, ifMatchAccepts } from './job-etag';

/** What an update did: the job as it is now, and whether it changed (an empty patch changes nothing). */
type UpdateResult = { changed: true; job: CommittedJob } | { changed: false; row: JobDocumentRow };

/** The job's editable fields as a create request would carry them (absent values left out). */
function editableFields(row: JobDocumentRow): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name] of EDITABLE_COLUMNS) {
    const value = row[name];
    if (value !== null && value !== undefined) fields[name] = value;
  }
  return fields;
}

/** The patch applied to the job's fields (RFC 7396): sent values replace, null removes. */
function merge(current: Record<string, unknown>, patch: JobUpdateRequest): Record<string, unknown> {
  const merged = { ...current };
  for (const [field, value] of Object.entries(patch)) {
    if (value === null) delete merged[field];
    else if (value !== undefined) merged[field] = value;
  }
  return merged;
}

/**
 * The structured salary after the patch: as the patch sent it (merged with the job's), else
 * parsed anew when the patch changed the salary text or the location (whose country gives the
 * currency of bare amounts) or removed the structured salary; else as it was.
 */
function salaryAfter(
  merged: Record<string, unknown>,
  patch: JobUpdateRequest,
  countries: ReadonlyMap<string, string | null>,
): Record<string, unknown> {
  if (sentStructuredSalary(patch)) {
    const problems = structuredSalaryProblems(merged);
    if (problems.length > 0) throw errors.invalidBody(problems);
    return merged;
  }
  const reparse = patch.salary !== undefined || patch.location_id !== undefined || STRUCTURED_SALARY_FIELDS.some((f) => patch[f] === null);
  if (!reparse) return merged;
  return { ...merged, ...salaryFromText(merged.salary as string, countries.get(merged.location_id as string)) };
}

/**
 * Applies a recruiter's patch to a job (existence and permission were checked before the body was
 * read): locks the row, then the precondition (412 when If-Match names an older version), the state
 * (409 when closed), the references of the result (as at create), and writes the change with its
 * outbox row, all in one transaction; then indexes the job at once when it changed. Concurrent
 * patches with the same ETag: the second waits for the lock, then finds the version moved and
 * answers 412.
 */
export async function updateJob(
  deps: WriteDeps,
  userId: string,
  jobId: string,
  patch: JobUpdateRequest,
  ifMatch: string | undefined,
): Promise<CurrentJob> {
  return indexIfChanged(deps, await patchInDatabase(deps.db, userId, jobId, patch, ifMatch));
}

async function patchInDatabase(
  db: Database,
  userId: string,
  jobId: string,
  patch: JobUpdateRequest,
  ifMatch: string | undefined,
): Promise<UpdateResult> {
  return db.transaction(async (client) => {
    const q = queryableClient(client);
    const row = await loadJob(q, jobId, true);
    if (!row) throw errors.jobNotFound(jobId);
    if (!ifMatchAccepts(ifMatch, etagOf(row))) throw errors.preconditionFailed(jobId, etagOf(row));
    if (!row.is_active) throw errors.jobClosed(jobId);
    if (Object.keys(patch).length === 0) return { changed: false, row };
    const patched = merge(editableFields(row), patch);
    // One read for the references and the location's country; a salary problem still answers first.
    const {
      problems: [problem],
      countries,
    } = await checkReferences(q, userId, [patched as JobCreateRequest]);
    const merged = salaryAfter(patched, patch, countries);
    if (problem) throw problem;
    const values = Object.fromEntries(EDITABLE_COLUMNS.map(([name]) => [name, merged[name] ?? null]));
    // Lists are never null in the table: a removed list is an empty one.
    for (const list of ['skills', 'tags', 'responsibilities']) values[list] ??= [];
    values.generate_screening ??= false;
    const set = EDITABLE_COLUMNS.map(([name]) => `${name} = r.${name}`).join(', ');
    const job = await writeJobChange(q, jobId, set, values).catch((err) => {
      throw toJobWriteError(err, merged as JobCreateRequest) ?? err;
    });
    return { changed: true, job: job! };
  });
}
