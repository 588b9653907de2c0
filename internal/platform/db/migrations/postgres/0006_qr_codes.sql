-- Saved QR codes that link to genie conversation pages. Deleting one only
-- sets is_deleted; the record is kept.
CREATE TABLE qr_codes (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    agent_id       TEXT NOT NULL,
    storage_path   TEXT NOT NULL,
    storage_url    TEXT NOT NULL,
    format         TEXT NOT NULL,
    file_size      BIGINT,
    display_config TEXT NOT NULL DEFAULT '{}',
    target_url     TEXT,
    filename       TEXT,
    download_count BIGINT NOT NULL DEFAULT 0,
    is_deleted     BOOLEAN NOT NULL DEFAULT FALSE,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL,
    deleted_at     TIMESTAMPTZ
);
CREATE INDEX qr_codes_user ON qr_codes (user_id, created_at);
CREATE INDEX qr_codes_agent ON qr_codes (agent_id);
