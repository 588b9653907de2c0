-- Idempotency keys: the first answer of a request sent with an
-- Idempotency-Key header, kept 24 hours so that a retry with the same key
-- (by the same caller) gets it instead of acting again. status is NULL
-- while the first request runs; locked_until lets another process take
-- over a key whose request died with its process.
CREATE TABLE idempotency_keys (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    fingerprint  TEXT NOT NULL,
    status       INTEGER,
    body         BYTEA,
    created_at   TIMESTAMPTZ NOT NULL,
    locked_until TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
