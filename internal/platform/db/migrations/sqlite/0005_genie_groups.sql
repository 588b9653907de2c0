-- Genie groups: a user's ordered folders of genies. genies.group_id points
-- here; deleting a group clears it in the same transaction.
CREATE TABLE genie_groups (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    position    INTEGER NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE INDEX genie_groups_user ON genie_groups (user_id, position, id);
