import type { CreatedJob } from '../../../../shared/schemas/job';
import type { MyApplication } from '../../../../shared/schemas/application';
import type { RecruiterJob } from '../../../../shared/schemas/recruiter-jobs';

/** A job as its recruiter sees it after an edit, for the OpenAPI document. */
export const EXAMPLE_MANAGED_JOB: CreatedJob = {
  id: '3f0e7c1a-8b9d-4c2e-9f1a-2b3c4d5e6f70',
  title: 'Senior Backend Engineer',
  organization: 'Acme',
  location: 'Berlin',
  type: 'full_time',
  salary: '€75,000 - €95,000 a year',
  skills: ['TypeScript', 'PostgreSQL'],
  organization_id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  location_id: '6b2e3d4c-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  tags: [],
  responsibilities: [],
  is_active: true,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-23T08:15:00.000Z',
  salary_min: 75000,
  salary_max: 95000,
  salary_currency: 'EUR',
  salary_period: 'year',
  workplace_type: 'hybrid',
  is_remote: false,
  generate_screening: false,
};

/** The same job closed. */
export const EXAMPLE_CLOSED_JOB: CreatedJob = { ...EXAMPLE_MANAGED_JOB, is_active: false, updated_at: '2026-11-24T17:00:00.000Z' };

/** A job in the recruiter's list. */
export const EXAMPLE_RECRUITER_JOB: RecruiterJob = {
  ...EXAMPLE_MANAGED_JOB,
  applications: { total: 5, submitted: 3, in_review: 1, shortlisted: 0, rejected: 0, withdrawn: 1, hired: 0 },
};

/** An applicant's application with its job. */
export const EXAMPLE_MY_APPLICATION: MyApplication = {
  id: '9b2d4e1f-3c5a-4f6b-8d7e-1a2b3c4d5e6f',
  job_id: EXAMPLE_MANAGED_JOB.id,
  status: 'submitted',
  created_at: '2026-11-22T09:30:00.000Z',
  updated_at: '2026-11-22T09:30:00.000Z',
  job_title: EXAMPLE_MANAGED_JOB.title,
  organization: 'Acme',
  job_is_active: true,
};
