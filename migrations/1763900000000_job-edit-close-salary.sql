-- Up Migration
-- Issue 19: structured salary beside the salary text (parsed from it when the recruiter sends
-- none), and when a job was closed. The text stays the source the recruiter wrote; the structured
-- fields are what filters and sorting by pay read.
ALTER TABLE jobs
  ADD COLUMN salary_min      numeric(14, 2) CHECK (salary_min >= 0),
  ADD COLUMN salary_max      numeric(14, 2) CHECK (salary_max >= 0),
  -- ISO 4217 alphabetic code.
  ADD COLUMN salary_currency text CHECK (salary_currency ~ '^[A-Z]{3}$'),
  ADD COLUMN salary_period   text CHECK (salary_period IN ('hour', 'day', 'week', 'month', 'year')),
  ADD COLUMN closed_at       timestamptz,
  -- An amount means nothing without its currency and period, and a range runs upwards.
  ADD CONSTRAINT jobs_salary_complete CHECK (
    (salary_min IS NULL AND salary_max IS NULL AND salary_currency IS NULL AND salary_period IS NULL)
    OR ((salary_min IS NOT NULL OR salary_max IS NOT NULL) AND salary_currency IS NOT NULL AND salary_period IS NOT NULL)),
  ADD CONSTRAINT jobs_salary_range CHECK (salary_min IS NULL OR salary_max IS NULL OR salary_min <= salary_max),
  -- Closing is what turns the flag off; a closed job knows when.
  ADD CONSTRAINT jobs_closed_at_flag CHECK (closed_at IS NULL OR NOT is_active);

-- The recruiter's list: the jobs of their organizations, newest first.
CREATE INDEX jobs_organization_created_idx ON jobs (organization_id, created_at DESC, id);
DROP INDEX jobs_organization_idx;
-- The applicant's list: their applications, newest first; counts per job for the recruiter's list.
CREATE INDEX applications_user_created_idx ON applications (user_id, created_at DESC, id);
DROP INDEX applications_user_idx;

-- Down Migration
CREATE INDEX applications_user_idx ON applications (user_id);
DROP INDEX applications_user_created_idx;
CREATE INDEX jobs_organization_idx ON jobs (organization_id);
DROP INDEX jobs_organization_created_idx;
ALTER TABLE jobs
  DROP CONSTRAINT jobs_closed_at_flag,
  DROP CONSTRAINT jobs_salary_range,
  DROP CONSTRAINT jobs_salary_complete,
  DROP COLUMN closed_at,
  DROP COLUMN salary_period,
  DROP COLUMN salary_currency,
  DROP COLUMN salary_max,
  DROP COLUMN salary_min;
