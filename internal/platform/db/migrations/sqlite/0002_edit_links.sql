-- Shareable edit links for knowledge-base documents: at most one per
-- document. The token is kept only as a SHA-256 hash (for lookup) and sealed
-- with AES-GCM under the server's edit-link key (so the owner can read it
-- back); the PIN only as a bcrypt hash. failed_attempts and locked_until hold
-- the wrong-PIN lockout, changed only under a row lock.
CREATE TABLE doc_edit_links (
    document_id     TEXT PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
    token_hash      TEXT NOT NULL UNIQUE,
    token_sealed    TEXT NOT NULL,
    pin_hash        TEXT,
    failed_attempts INTEGER NOT NULL DEFAULT 0,
    locked_until    TIMESTAMP,
    last_used_at    TIMESTAMP,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);
