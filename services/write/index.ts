/**
 * The write service's public face: what the all-in-one process, tools (import, the accounts CLI,
 * the salary backfill), benchmarks and tests outside this folder may use.
 */
export { createWriteApp } from './app';
export { serveWithIndexer } from './serve-with-indexer';
export type { WriteDeps } from './deps';
export { authenticate, type Caller } from './auth/authenticate';
export { backfillStructuredSalaries, type BackfillResult } from './commands/backfill-salaries';
export { createJob, createJobIdempotently } from './commands/create-job';
export { createJobsBatch, type BatchOutcome } from './commands/create-jobs-batch';
export { importJobs, type ImportOptions, type ImportProgress, type ImportSummary, type RejectedLine } from './commands/import-jobs';
export { parseSalary } from './salary/parse-salary';
export { ActingUserError, resolveActingRecruiter } from './store/acting-recruiter';
export { createApiKey, listApiKeys, revokeApiKey, type ApiKeySummary, type CreatedApiKey } from './store/accounts/api-keys';
export { AccountError, type AccountErrorKind } from './store/accounts/errors';
export { addMembership, removeMembership, type Membership, type MembershipOutcome } from './store/accounts/memberships';
export { activateResume, addResume, listResumes, type ResumeSummary } from './store/accounts/resumes';
export { createUser, listUsers, resolveUser, type UserSummary } from './store/accounts/users';
