-- Up Migration
-- Issue 31: saved searches whose new matches can be read once each, and webhook subscriptions
-- whose events are delivered at least once from a queue written in the same transaction as the
-- change that caused them.

-- A search an agent keeps: its parameters as GET /agents/jobs/search takes them (q, filters, mode).
CREATE TABLE saved_searches (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name        text CHECK (char_length(btrim(name)) BETWEEN 1 AND 200),
  params      jsonb NOT NULL CHECK (jsonb_typeof(params) = 'object'),
  -- Matches are numbered per saved search under this row's lock (match_seq), so a reader that
  -- has seen number n has seen every committed match up to n: none can commit later below it.
  match_seq   bigint NOT NULL DEFAULT 0 CHECK (match_seq >= 0),
  -- The number of the last match its owner has read (GET .../matches without a cursor starts after it).
  read_seq    bigint NOT NULL DEFAULT 0 CHECK (read_seq >= 0),
  -- Set by the matcher: the Elasticsearch query of the search as it matches new jobs, and the
  -- terms one of which a job must have to match (null: any job may), see services/matcher.
  match_query jsonb,
  anchors     jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, created_at, id);

-- The jobs that started matching a saved search, each once, numbered in commit order per search.
CREATE TABLE saved_search_matches (
  saved_search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  seq             bigint NOT NULL CHECK (seq >= 1),
  job_id          uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  -- The version of the job that matched (a job that matches again after an edit is not repeated).
  job_version     bigint NOT NULL,
  matched_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (saved_search_id, seq),
  CONSTRAINT saved_search_matches_once UNIQUE (saved_search_id, job_id)
);
CREATE INDEX saved_search_matches_job_idx ON saved_search_matches (job_id);

-- Jobs created or edited since the matcher last ran, written by the triggers below in the same
-- transaction as the change, whichever path made it (create, batch, import, edit, close).
CREATE TABLE job_match_queue (
  id              bigserial PRIMARY KEY,
  job_id          uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  job_version     bigint NOT NULL,
  -- When the change committed, near enough: what the matcher's latency is measured from.
  created_at      timestamptz NOT NULL DEFAULT now(),
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_match_queue_due_idx ON job_match_queue (next_attempt_at, id);

CREATE FUNCTION enqueue_inserted_jobs_for_matching() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_match_queue (job_id, job_version) SELECT id, version FROM new_jobs;
  RETURN NULL;
END $$;

CREATE FUNCTION enqueue_changed_jobs_for_matching() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_match_queue (job_id, job_version)
  SELECT n.id, n.version FROM new_jobs n JOIN old_jobs o ON o.id = n.id WHERE n.version <> o.version;
  RETURN NULL;
END $$;

-- Statement triggers: one INSERT per statement, so a bulk import pays one, not one per job.
CREATE TRIGGER jobs_inserted_to_match AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION enqueue_inserted_jobs_for_matching();
CREATE TRIGGER jobs_changed_to_match AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_jobs NEW TABLE AS new_jobs FOR EACH STATEMENT EXECUTE FUNCTION enqueue_changed_jobs_for_matching();

-- Where a user's events are sent. The secret signs them (Standard Webhooks); during a rotation
-- the previous one signs too, until previous_secret_expires_at.
CREATE TABLE webhook_subscriptions (
  id                         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id                    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url                        text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
  events                     text[] NOT NULL CHECK (cardinality(events) BETWEEN 1 AND 10),
  saved_search_id            uuid REFERENCES saved_searches (id) ON DELETE CASCADE,
  secret                     text NOT NULL CHECK (secret ~ '^whsec_[A-Za-z0-9+/=]{20,}$'),
  previous_secret            text CHECK (previous_secret ~ '^whsec_[A-Za-z0-9+/=]{20,}$'),
  previous_secret_expires_at timestamptz,
  -- active, or disabled (by a 410 from the receiver, or by its owner).
  status                     text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  disabled_reason            text CHECK (char_length(disabled_reason) <= 500),
  created_at                 timestamptz NOT NULL DEFAULT now(),
  updated_at                 timestamptz NOT NULL DEFAULT now(),
  CHECK ((previous_secret IS NULL) = (previous_secret_expires_at IS NULL))
);
CREATE INDEX webhook_subscriptions_user_idx ON webhook_subscriptions (user_id, created_at, id);
CREATE INDEX webhook_subscriptions_saved_search_idx ON webhook_subscriptions (saved_search_id) WHERE saved_search_id IS NOT NULL;

-- One event for one subscription: the durable queue the delivery worker drains. Its id is the
-- webhook-id header, the same on every attempt, so a receiver can drop duplicates.
CREATE TABLE webhook_deliveries (
  id              text PRIMARY KEY CHECK (id ~ '^msg_[A-Za-z0-9]{20,40}$'),
  subscription_id uuid NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  event_type      text NOT NULL CHECK (char_length(event_type) BETWEEN 1 AND 100),
  -- The JSON body sent, fixed when the event happened, so every attempt signs the same bytes.
  payload         text NOT NULL,
  -- pending (to be attempted at next_attempt_at), delivered (a 2xx), failed (no more attempts).
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at      timestamptz NOT NULL DEFAULT now(),
  delivered_at    timestamptz,
  last_error      text CHECK (char_length(last_error) <= 1000)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_subscription_idx ON webhook_deliveries (subscription_id, created_at DESC, id);

-- Every attempt of a delivery: when, what came back (status or error), how long it took.
CREATE TABLE webhook_delivery_attempts (
  delivery_id   text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt       integer NOT NULL CHECK (attempt >= 1),
  attempted_at  timestamptz NOT NULL DEFAULT now(),
  response_status integer CHECK (response_status BETWEEN 100 AND 599),
  error         text CHECK (char_length(error) <= 1000),
  duration_ms   integer NOT NULL CHECK (duration_ms >= 0),
  PRIMARY KEY (delivery_id, attempt)
);

-- Down Migration
DROP TABLE webhook_delivery_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_subscriptions;
DROP TRIGGER jobs_changed_to_match ON jobs;
DROP TRIGGER jobs_inserted_to_match ON jobs;
DROP FUNCTION enqueue_changed_jobs_for_matching();
DROP FUNCTION enqueue_inserted_jobs_for_matching();
DROP TABLE job_match_queue;
DROP TABLE saved_search_matches;
DROP TABLE saved_searches;
