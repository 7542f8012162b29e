-- Up Migration
-- Issue 30: the vectors of the job texts embedded so far, so that a text is embedded once. The
-- key is embeddingKeyOf(text) (shared/embedding/job-text.ts): the model's name and the text,
-- hashed, so the same text under another model is another row. The embedding worker
-- (services/embedder) adds rows; the indexer reads them when it builds documents, so a reindex
-- or an edit that keeps the text keeps its vector. Rows are never changed: a key names one text.
CREATE TABLE job_embeddings (
  key        text PRIMARY KEY CHECK (key ~ '^[A-Za-z0-9_-]{43}$'),
  -- The model that made the vector (MODEL_CARD.name), for an operator who retires one.
  model      text NOT NULL CHECK (length(model) BETWEEN 1 AND 200),
  -- float32 numbers, big-endian: the bytes Elasticsearch reads from a base64 dense_vector.
  vector     bytea NOT NULL CHECK (octet_length(vector) > 0 AND octet_length(vector) % 4 = 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE job_embeddings;
