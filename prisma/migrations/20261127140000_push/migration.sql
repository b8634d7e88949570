-- Push: an outbox of events written in the transaction of the change that
-- caused them, webhooks owned by API keys, and one delivery row per event
-- and webhook with its attempts (the delivery log).
CREATE TABLE push_event (
  id          BIGSERIAL PRIMARY KEY,
  type        TEXT NOT NULL,
  payload     JSONB NOT NULL,
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  fanned_out  BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX push_event_pending_idx ON push_event USING btree (id) WHERE (NOT fanned_out);
CREATE INDEX push_event_created_at_idx ON push_event (created_at);

CREATE TABLE push_webhook (
  id          UUID PRIMARY KEY,
  api_key_id  UUID NOT NULL,
  url         TEXT NOT NULL,
  event_types TEXT[],
  filter      JSONB NOT NULL,
  secret      TEXT NOT NULL,
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX push_webhook_api_key_id_idx ON push_webhook (api_key_id);

CREATE TABLE push_delivery (
  id              BIGSERIAL PRIMARY KEY,
  webhook_id      UUID NOT NULL,
  event_id        BIGINT NOT NULL,
  type            TEXT NOT NULL,
  body            JSONB NOT NULL,
  state           TEXT NOT NULL DEFAULT 'pending',
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  last_status     INTEGER,
  last_error      TEXT,
  log             JSONB NOT NULL DEFAULT '[]',
  created_at      TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  finished_at     TIMESTAMPTZ(3)
);
CREATE INDEX push_delivery_webhook_id_id_idx ON push_delivery (webhook_id, id);
CREATE INDEX push_delivery_due_idx ON push_delivery USING btree (next_attempt_at) WHERE (state = 'pending'::text);
