import { createWriteApp } from '../../services/write';
import { testConfig, testDb, testLogger, testSearch } from './context';
import { createApiKey, createJob, createLocation, createOrganization, createResume, createUser } from './factories';
import { httpClient } from './http';
import type { Logger } from '../../shared/logger';
import { utcDay } from '../fixtures/job-documents';

/** The write app behind the contract-checked client of the tests. */
export function writeClient(logger: Logger = testLogger) {
  const { app } = createWriteApp({ config: testConfig(), db: testDb(), search: testSearch(), logger });
  return httpClient(app);
}

/** A world for apply tests: a recruiter's job, and an applicant with an active resume and a key. */
export async function applyWorld() {
  const organization = await createOrganization();
  const location = await createLocation();
  const recruiter = await createUser({ is_recruiter: true, memberOf: [organization.id] });
  const recruiterKey = await createApiKey(recruiter.id);
  const job = await createJob({ organization_id: organization.id, location_id: location.id, created_by: recruiter.id });
  const applicant = await createUser({ name: 'Ada Lovelace', headline: 'Analytical engine programmer' });
  const resume = await createResume(applicant.id);
  const applicantKey = await createApiKey(applicant.id);
  const newJob = (fields: Parameters<typeof createJob>[0] extends infer F ? Partial<F> : never = {}) =>
    createJob({ organization_id: organization.id, location_id: location.id, created_by: recruiter.id, ...fields });
  return { organization, location, recruiter, recruiterKey, job, applicant, resume, applicantKey, newJob };
}

/** YYYY-MM-DD of today (UTC) shifted by `days` (the test calendar's today). */
export const utcDate = utcDay;
