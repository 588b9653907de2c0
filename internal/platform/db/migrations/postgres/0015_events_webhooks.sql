-- Events: one record per thing that happened, written in the transaction
-- of the change; webhook endpoints with their sealed signing secrets; and
-- the durable delivery queue all processes share, with every attempt.
CREATE TABLE events (
    id         TEXT PRIMARY KEY,
    seq        BIGINT NOT NULL,
    type       TEXT NOT NULL,
    user_id    TEXT,
    platform   BOOLEAN NOT NULL DEFAULT FALSE,
    data       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX events_user ON events (user_id, created_at, seq);
CREATE INDEX events_created ON events (created_at);

CREATE TABLE webhook_endpoints (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    url           TEXT NOT NULL,
    description   TEXT NOT NULL DEFAULT '',
    event_types   TEXT NOT NULL,
    platform      BOOLEAN NOT NULL DEFAULT FALSE,
    secret_sealed TEXT NOT NULL,
    enabled       BOOLEAN NOT NULL DEFAULT TRUE,
    disabled_reason TEXT,
    failing_since TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX webhook_endpoints_user ON webhook_endpoints (user_id);

CREATE TABLE webhook_deliveries (
    id            TEXT PRIMARY KEY,
    endpoint_id   TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_id      TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_at       TIMESTAMPTZ NOT NULL,
    claimed_until TIMESTAMPTZ,
    last_status   INTEGER,
    last_error    TEXT,
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_at);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at);

CREATE TABLE webhook_attempts (
    delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt     INTEGER NOT NULL,
    at          TIMESTAMPTZ NOT NULL,
    status_code INTEGER,
    error       TEXT,
    duration_ms INTEGER NOT NULL,
    PRIMARY KEY (delivery_id, attempt)
);
