-- Preselected voices: the platform-curated voice list.
CREATE TABLE preselected_voices (
    id          TEXT PRIMARY KEY,
    voice_id    TEXT NOT NULL UNIQUE,
    label       TEXT NOT NULL,
    description TEXT,
    gender      TEXT NOT NULL CHECK (gender IN ('male', 'female')),
    sort_order  INTEGER NOT NULL DEFAULT 0,
    is_active   BOOLEAN NOT NULL DEFAULT TRUE,
    created_at  TIMESTAMP,
    updated_at  TIMESTAMP
);
CREATE INDEX preselected_voices_order ON preselected_voices (sort_order, label, id);
