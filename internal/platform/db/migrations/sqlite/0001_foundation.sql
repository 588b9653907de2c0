-- Foundation: settings, teams, users, sign-in sessions, API keys, rate-limit
-- windows, knowledge-base documents and genies.
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE teams (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    name          TEXT NOT NULL,
    owner_user_id TEXT,
    created_at    TIMESTAMP NOT NULL
);

CREATE TABLE users (
    id              TEXT PRIMARY KEY,
    email           TEXT UNIQUE,
    password_hash   TEXT,
    role            TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'consumer', 'internal_admin')),
    team_id         INTEGER REFERENCES teams (id) ON DELETE SET NULL,
    full_name       TEXT NOT NULL DEFAULT '',
    user_metadata   TEXT NOT NULL DEFAULT '{}',
    external        BOOLEAN NOT NULL DEFAULT FALSE,
    last_sign_in_at TIMESTAMP,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);

CREATE TABLE auth_sessions (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX auth_sessions_user ON auth_sessions (user_id);

CREATE TABLE auth_refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
    used_at    TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX auth_refresh_tokens_session ON auth_refresh_tokens (session_id);

CREATE TABLE api_keys (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    key_prefix   TEXT NOT NULL,
    key_hash     TEXT NOT NULL UNIQUE,
    is_active    BOOLEAN NOT NULL,
    last_used_at TIMESTAMP,
    created_at   TIMESTAMP NOT NULL,
    revoked_at   TIMESTAMP
);
CREATE INDEX api_keys_user ON api_keys (user_id, created_at);

CREATE TABLE rate_limits (
    bucket       TEXT NOT NULL,
    window_start INTEGER NOT NULL,
    count        INTEGER NOT NULL,
    PRIMARY KEY (bucket, window_start)
);

CREATE TABLE documents (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    content    TEXT NOT NULL,
    is_public  BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX documents_user ON documents (user_id, created_at);

CREATE TABLE genies (
    id                   TEXT PRIMARY KEY,
    user_id              TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name                 TEXT NOT NULL,
    description          TEXT NOT NULL,
    instructions         TEXT NOT NULL,
    greeting             TEXT NOT NULL,
    voice_id             TEXT,
    group_id             INTEGER,
    is_template          BOOLEAN NOT NULL DEFAULT FALSE,
    marketplace_genie_id TEXT,
    knowledge_version    INTEGER NOT NULL DEFAULT 0,
    knowledge_updated_at TIMESTAMP,
    created_at           TIMESTAMP NOT NULL,
    updated_at           TIMESTAMP NOT NULL
);
CREATE INDEX genies_user ON genies (user_id, created_at);
CREATE INDEX genies_group ON genies (group_id);

CREATE TABLE genie_documents (
    genie_id    TEXT NOT NULL REFERENCES genies (id) ON DELETE CASCADE,
    document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    PRIMARY KEY (genie_id, document_id)
);
CREATE INDEX genie_documents_document ON genie_documents (document_id);
