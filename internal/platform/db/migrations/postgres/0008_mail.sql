-- Mail: genie mailboxes (the service's records), the embedded mail
-- system's inboxes, received messages, tenant keys and outbox, and the mail
-- tenant credentials stored per team (the API key encrypted).
CREATE TABLE mailboxes (
    id                 TEXT PRIMARY KEY,
    agent_id           TEXT NOT NULL UNIQUE REFERENCES genies (id) ON DELETE CASCADE,
    email_address      TEXT NOT NULL UNIQUE,
    account_id         TEXT,
    grant_id           TEXT,
    status             TEXT NOT NULL CHECK (status IN ('provisioned', 'pending', 'failed', 'suspended')),
    last_error         TEXT,
    escalation_address TEXT,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL
);
CREATE INDEX mailboxes_account ON mailboxes (account_id);

CREATE TABLE mail_accounts (
    id         TEXT PRIMARY KEY,
    address    TEXT NOT NULL UNIQUE,
    grant_id   TEXT NOT NULL,
    tenant_id  TEXT NOT NULL,
    suspended  BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE mail_messages (
    id          TEXT PRIMARY KEY,
    account_id  TEXT NOT NULL REFERENCES mail_accounts (id) ON DELETE CASCADE,
    mail_from   TEXT NOT NULL,
    rcpt_to     TEXT NOT NULL,
    subject     TEXT NOT NULL,
    raw         BYTEA NOT NULL,
    received_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX mail_messages_account ON mail_messages (account_id, received_at);

CREATE TABLE mail_tenant_keys (
    key_hash   TEXT PRIMARY KEY,
    tenant_id  TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX mail_tenant_keys_tenant ON mail_tenant_keys (tenant_id);
-- At most one current key per tenant, also when two first uses race.
CREATE UNIQUE INDEX mail_tenant_keys_current ON mail_tenant_keys (tenant_id) WHERE revoked_at IS NULL;

CREATE TABLE mail_outbox (
    id            TEXT PRIMARY KEY,
    mail_from     TEXT NOT NULL,
    rcpt_to       TEXT NOT NULL,
    raw           BYTEA NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    last_error    TEXT,
    claimed_until TIMESTAMPTZ
);
CREATE INDEX mail_outbox_created ON mail_outbox (created_at);

CREATE TABLE mail_tenant_credentials (
    team_id            BIGINT PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
    tenant_id          TEXT NOT NULL,
    api_key_enc        TEXT NOT NULL,
    tenant_name        TEXT,
    mail_owner_user_id TEXT,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL
);
