-- Mailboxes as inboxes: each stored message keeps, beside its raw text, what
-- the inbox actions show (parsed once, at delivery or on first read for
-- older rows: parsed is FALSE until then), its direction (mail received, or
-- sent by the genie) and its thread.
ALTER TABLE mail_messages ADD COLUMN direction TEXT NOT NULL DEFAULT 'inbound';
ALTER TABLE mail_messages ADD COLUMN parsed BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE mail_messages ADD COLUMN message_id TEXT;
ALTER TABLE mail_messages ADD COLUMN in_reply_to TEXT;
ALTER TABLE mail_messages ADD COLUMN thread_id TEXT;
ALTER TABLE mail_messages ADD COLUMN summary TEXT;
CREATE INDEX mail_messages_thread ON mail_messages (account_id, thread_id, received_at);
CREATE INDEX mail_messages_msgid ON mail_messages (account_id, message_id);
CREATE INDEX mail_messages_sent ON mail_messages (account_id, direction, received_at);
