-- Answers to mail (docs/mail.md, "Answers to mail"): each mailbox's
-- auto_reply setting (off, draft, send); the drafted replies waiting for a
-- person (one per answered message, deleted when sent or discarded); and
-- the automatic answers of the last hour, one row per inbox, sender and
-- thread, which keeps the limit of one automatic answer per sender per
-- thread per hour across processes.
ALTER TABLE mailboxes ADD COLUMN auto_reply TEXT NOT NULL DEFAULT 'draft';

CREATE TABLE mail_drafts (
    id         TEXT PRIMARY KEY,
    mailbox_id TEXT NOT NULL REFERENCES mailboxes (id) ON DELETE CASCADE,
    message_id TEXT NOT NULL UNIQUE,
    thread_id  TEXT NOT NULL,
    to_addrs   TEXT NOT NULL,
    cc_addrs   TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    answered   BOOLEAN NOT NULL,
    language   TEXT NOT NULL,
    sources    TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX mail_drafts_mailbox ON mail_drafts (mailbox_id, created_at);

CREATE TABLE mail_auto_answers (
    account_id  TEXT NOT NULL,
    sender      TEXT NOT NULL,
    thread_id   TEXT NOT NULL,
    answered_at TIMESTAMP NOT NULL,
    PRIMARY KEY (account_id, sender, thread_id)
);
CREATE INDEX mail_auto_answers_time ON mail_auto_answers (account_id, answered_at);

-- Receiving a message looks for the messages that already answer it (its
-- thread) and for messages not parsed yet: both by index, not by a scan of
-- the inbox, which grew with every message answered.
CREATE INDEX mail_messages_reply ON mail_messages (account_id, in_reply_to);
CREATE INDEX mail_messages_unparsed ON mail_messages (account_id, received_at, id) WHERE parsed = FALSE;
