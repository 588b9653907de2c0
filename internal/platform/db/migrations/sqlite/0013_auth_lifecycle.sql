-- The sign-in lifecycle of the embedded provider (issue 12): e-mail
-- confirmation, the method a session was started with, and one-time codes
-- (password recovery, sign-up confirmation, e-mail change).

-- Accounts that exist already were confirmed at creation.
ALTER TABLE users ADD COLUMN email_confirmed_at TIMESTAMP;
UPDATE users SET email_confirmed_at = created_at WHERE email IS NOT NULL;

ALTER TABLE auth_sessions ADD COLUMN amr_method TEXT NOT NULL DEFAULT 'password';

-- One pending code per account and purpose; a new request replaces it. The
-- code (typed by the user) and the link token (in the mailed link) are kept
-- only as SHA-256 hashes; either one used deletes the row. email is the
-- address the code was sent to (for an e-mail change, the new address).
-- password_hash, for a repeated sign-up of an unconfirmed account, is the
-- bcrypt hash of the password that sign-up chose: it replaces the
-- account's only when this code is redeemed, by whoever reads the mail.
CREATE TABLE auth_one_time_codes (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('recovery', 'signup', 'email_change')),
    email      TEXT NOT NULL,
    code_hash  TEXT NOT NULL,
    link_hash  TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    attempts   INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, purpose)
);
CREATE INDEX auth_one_time_codes_email ON auth_one_time_codes (email, purpose);
