-- Conversations of visitors with a genie (docs/conversations.md): the
-- owner's settings of the public page, the conversations, their messages
-- (a question with its answer, sources and feedback, or a person's reply)
-- and escalations to a person. A visitor's email lives only in the
-- escalation of its conversation and goes with it (ON DELETE CASCADE;
-- retention deletes old conversations).
CREATE TABLE conversation_settings (
    genie_id   TEXT PRIMARY KEY REFERENCES genies (id) ON DELETE CASCADE,
    enabled    BOOLEAN NOT NULL DEFAULT FALSE,
    greeting   TEXT NOT NULL DEFAULT '',
    language   TEXT NOT NULL DEFAULT 'en',
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE conversations (
    id              TEXT PRIMARY KEY,
    genie_id        TEXT NOT NULL REFERENCES genies (id) ON DELETE CASCADE,
    language        TEXT NOT NULL,
    message_count   INTEGER NOT NULL DEFAULT 0,
    unanswered      INTEGER NOT NULL DEFAULT 0,
    feedback        INTEGER NOT NULL DEFAULT 0,
    escalated       BOOLEAN NOT NULL DEFAULT FALSE,
    created_at      TIMESTAMP NOT NULL,
    last_message_at TIMESTAMP NOT NULL
);
CREATE INDEX conversations_genie ON conversations (genie_id, last_message_at);
CREATE INDEX conversations_last ON conversations (last_message_at);

CREATE TABLE conversation_messages (
    id              TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('answer', 'reply', 'visitor')),
    question        TEXT NOT NULL DEFAULT '',
    answer          TEXT NOT NULL DEFAULT '',
    answered        BOOLEAN NOT NULL DEFAULT FALSE,
    sources         TEXT NOT NULL DEFAULT '[]',
    helpful         BOOLEAN,
    created_at      TIMESTAMP NOT NULL,
    UNIQUE (conversation_id, seq)
);

CREATE TABLE conversation_escalations (
    id              TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    email           TEXT NOT NULL,
    name            TEXT NOT NULL DEFAULT '',
    note            TEXT NOT NULL DEFAULT '',
    mail_message_id TEXT,
    mail_thread_id  TEXT,
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX conversation_escalations_conversation ON conversation_escalations (conversation_id);
CREATE INDEX conversation_escalations_message ON conversation_escalations (mail_message_id);
CREATE INDEX conversation_escalations_thread ON conversation_escalations (mail_thread_id);
