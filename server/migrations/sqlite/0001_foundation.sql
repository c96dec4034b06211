-- Foundation: projects, accounts, sessions, captchas, SMS codes, messages, operation log.
-- Timestamps are unix seconds (UTC); business dates are text.
CREATE TABLE projects (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL DEFAULT '',
    audit_status TEXT NOT NULL DEFAULT '0' CHECK (audit_status IN ('0', '1', '2', '3')),
    auditremark TEXT NOT NULL DEFAULT '',
    property_status BIGINT NOT NULL DEFAULT 1,
    special_status BIGINT NOT NULL DEFAULT 0,
    cashdeposit BIGINT NOT NULL DEFAULT 1,
    mustbankinfo BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL
);

CREATE TABLE accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('builder', 'finance', 'admin')),
    project_id BIGINT REFERENCES projects (id),
    phone TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    must_change_password BOOLEAN NOT NULL DEFAULT TRUE,
    password_meets_strong_rule BOOLEAN NOT NULL DEFAULT FALSE,
    password_changed_at BIGINT NOT NULL,
    disabled BOOLEAN NOT NULL DEFAULT FALSE,
    failed_logins BIGINT NOT NULL DEFAULT 0,
    locked_until BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX accounts_phone ON accounts (phone);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    ip TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE captchas (
    id TEXT PRIMARY KEY,
    answer TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX captchas_expires ON captchas (expires_at);

CREATE TABLE sms_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    phone TEXT NOT NULL,
    code TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    used BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sms_codes_phone ON sms_codes (phone, created_at);

CREATE TABLE sms_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    phone TEXT NOT NULL,
    content TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT REFERENCES projects (id),
    account_id BIGINT REFERENCES accounts (id),
    kind TEXT NOT NULL DEFAULT 'system',
    title TEXT NOT NULL,
    content TEXT NOT NULL DEFAULT '',
    is_read BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT NOT NULL
);
CREATE INDEX messages_project ON messages (project_id, is_read);
CREATE INDEX messages_account ON messages (account_id, is_read);

CREATE TABLE operation_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT,
    account_name TEXT NOT NULL DEFAULT '',
    action TEXT NOT NULL,
    target_type TEXT NOT NULL DEFAULT '',
    target_id TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT '',
    ip TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX operation_log_target ON operation_log (target_type, target_id);
CREATE INDEX operation_log_account ON operation_log (account_id, created_at);
