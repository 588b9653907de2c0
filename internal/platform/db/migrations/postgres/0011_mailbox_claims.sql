-- One provisioning of a genie's mailbox at a time: a request claims the
-- genie until it is done (or until the claim runs out, if its process died),
-- so concurrent provisions never interleave their steps at the mail system.
CREATE TABLE mailbox_claims (
    agent_id TEXT PRIMARY KEY,
    token    TEXT NOT NULL,
    until    TIMESTAMPTZ NOT NULL
);
