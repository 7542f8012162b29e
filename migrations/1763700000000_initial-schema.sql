-- Up Migration
-- The whole data model of DESIGN.md. Constraints carry the rules, so the database refuses what the
-- API would refuse even when a row arrives by another road (CLI, import, a hand-written query).

CREATE TABLE organizations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 200),
  website     text CHECK (website ~ '^https?://'),
  industry    text CHECK (char_length(industry) <= 100),
  size        text CHECK (size IN ('1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001+')),
  description text CHECK (char_length(description) <= 5000),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organizations_name_idx ON organizations (lower(name), id);

CREATE TABLE locations (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name           text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 200),
  is_remote      boolean NOT NULL DEFAULT false,
  workplace_type text NOT NULL CHECK (workplace_type IN ('onsite', 'hybrid', 'remote')),
  address_line1  text CHECK (char_length(address_line1) <= 200),
  address_line2  text CHECK (char_length(address_line2) <= 200),
  city           text CHECK (char_length(city) <= 100),
  region         text CHECK (char_length(region) <= 100),
  postal_code    text CHECK (char_length(postal_code) <= 20),
  country_code   text CHECK (country_code ~ '^[A-Z]{2}$'),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  -- A remote location is worked remotely and nothing else.
  CONSTRAINT locations_remote_matches_workplace CHECK (is_remote = (workplace_type = 'remote'))
);
CREATE INDEX locations_name_idx ON locations (lower(name), id);

CREATE TABLE projects (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name            text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 200),
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- Lets jobs reference (project, organization) together: a job's project belongs to its organization.
  UNIQUE (id, organization_id)
);
CREATE INDEX projects_organization_idx ON projects (organization_id);

CREATE TABLE users (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name         text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 200),
  email        text NOT NULL CHECK (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' AND char_length(email) <= 320),
  headline     text CHECK (char_length(headline) <= 300),
  is_recruiter boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE organization_memberships (
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  role            text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, organization_id)
);
CREATE INDEX organization_memberships_organization_idx ON organization_memberships (organization_id);

CREATE TABLE resumes (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title      text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 200),
  content    text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 100000),
  is_active  boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, user_id)
);
-- At most one active resume per user.
CREATE UNIQUE INDEX resumes_one_active_per_user ON resumes (user_id) WHERE is_active;

CREATE TABLE api_keys (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         text CHECK (char_length(name) <= 100),
  -- SHA-256 of the whole key, hex; the key itself is never stored.
  key_hash     text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  -- The first characters of the key, shown to operators to tell keys apart.
  prefix       text NOT NULL CHECK (prefix ~ '^jla_[0-9A-Za-z]{4,12}$'),
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at   timestamptz,
  CHECK (revoked_at IS NULL OR revoked_at >= created_at)
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id);

CREATE TABLE jobs (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title                  text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 200),
  description            text CHECK (char_length(description) <= 50000),
  organization_id        uuid NOT NULL REFERENCES organizations (id),
  location_id            uuid NOT NULL REFERENCES locations (id),
  type                   text NOT NULL CHECK (type IN ('full_time', 'part_time', 'contract', 'internship', 'freelance', 'volunteer')),
  salary                 text NOT NULL CHECK (char_length(btrim(salary)) BETWEEN 1 AND 100),
  department             text CHECK (char_length(department) <= 200),
  experience             text CHECK (char_length(experience) <= 200),
  education              text CHECK (char_length(education) <= 200),
  skills                 text[] NOT NULL DEFAULT '{}' CHECK (cardinality(skills) <= 50),
  team                   text CHECK (char_length(team) <= 200),
  reporting_to           text CHECK (char_length(reporting_to) <= 200),
  closing_date           date,
  tags                   text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 50),
  responsibilities       text[] NOT NULL DEFAULT '{}' CHECK (cardinality(responsibilities) <= 50),
  resume_score_threshold numeric(5, 2) CHECK (resume_score_threshold BETWEEN 0 AND 100),
  generate_screening     boolean NOT NULL DEFAULT false,
  project_id             uuid,
  created_by             uuid REFERENCES users (id) ON DELETE SET NULL,
  is_active              boolean NOT NULL DEFAULT true,
  -- Bumped on every change; Elasticsearch uses it as the external version of the document.
  version                bigint NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (project_id, organization_id) REFERENCES projects (id, organization_id),
  CHECK (updated_at >= created_at)
);
CREATE INDEX jobs_organization_idx ON jobs (organization_id);
CREATE INDEX jobs_location_idx ON jobs (location_id);
CREATE INDEX jobs_created_by_idx ON jobs (created_by);

CREATE TABLE applications (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id           uuid NOT NULL REFERENCES jobs (id),
  user_id          uuid NOT NULL REFERENCES users (id),
  resume_id        uuid NOT NULL,
  status           text NOT NULL DEFAULT 'submitted'
                   CHECK (status IN ('submitted', 'in_review', 'shortlisted', 'rejected', 'withdrawn', 'hired')),
  -- The applicant's profile as it was when they applied.
  profile_snapshot jsonb NOT NULL CHECK (jsonb_typeof(profile_snapshot) = 'object'),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  -- One application per user and job, whatever the concurrency.
  CONSTRAINT applications_one_per_user_and_job UNIQUE (job_id, user_id),
  -- The resume must be the applicant's own.
  FOREIGN KEY (resume_id, user_id) REFERENCES resumes (id, user_id)
);
CREATE INDEX applications_user_idx ON applications (user_id);

-- Transactional outbox: written in the same transaction as the job change, drained by the indexer.
CREATE TABLE job_index_outbox (
  id              bigserial PRIMARY KEY,
  job_id          uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  job_version     bigint NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text
);
CREATE INDEX job_index_outbox_due_idx ON job_index_outbox (next_attempt_at);

-- Down Migration
DROP TABLE job_index_outbox;
DROP TABLE applications;
DROP TABLE jobs;
DROP TABLE api_keys;
DROP TABLE resumes;
DROP TABLE organization_memberships;
DROP TABLE users;
DROP TABLE projects;
DROP TABLE locations;
DROP TABLE organizations;
