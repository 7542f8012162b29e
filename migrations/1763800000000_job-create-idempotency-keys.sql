-- Up Migration
-- Idempotency keys of POST /agents/jobs: a recruiter's agent that retries a create after a
-- timeout sends the same Idempotency-Key and gets the job the first attempt made, not a second
-- posting. The key is claimed in the transaction that inserts the job, so both commit together
-- or not at all; the primary key makes concurrent retries wait for the first and then replay it.
CREATE TABLE job_create_idempotency_keys (
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key          text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
  -- SHA-256 of the normalized request body: the same key with another body is refused.
  request_hash text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  -- Set in the claiming transaction once the job is inserted; null is never committed.
  job_id       uuid REFERENCES jobs (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
-- Expired keys (older than 24 hours) are deleted per user as new ones are claimed, or reclaimed in place.
CREATE INDEX job_create_idempotency_keys_age_idx ON job_create_idempotency_keys (user_id, created_at);

-- Down Migration
DROP TABLE job_create_idempotency_keys;
