-- The national / provincial worker-platform feed (issue 17 item 2, docs/platform.md): each project's
-- platform account, the outbox of its records, and the built-in sandbox platform's memory.

-- A project's account on the platform. The secret signs every call and keys the encryption of ID numbers,
-- so it is kept as given (the console never shows it back). endpoint '' is the built-in sandbox.
CREATE TABLE platform_settings (
    project_id BIGINT PRIMARY KEY REFERENCES projects (id),
    app_id TEXT NOT NULL,
    secret TEXT NOT NULL,
    endpoint TEXT NOT NULL DEFAULT '',
    enabled BOOLEAN NOT NULL DEFAULT TRUE,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX platform_settings_app ON platform_settings (app_id);

-- One version of one record to send: queued once per content (fingerprint = SHA-256 of data), sent in id
-- order per project, its asynchronous result polled. data is the JSON before the ID numbers are encrypted.
CREATE TABLE platform_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    method TEXT NOT NULL,
    record_key TEXT NOT NULL,
    label TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    data TEXT NOT NULL,
    -- queued 待上报, sent 已提交 (result awaited), accepted 上报成功, refused 平台退回.
    status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'accepted', 'refused')),
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    request_code TEXT NOT NULL DEFAULT '',
    result TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    sent_at BIGINT NOT NULL DEFAULT 0,
    finished_at BIGINT NOT NULL DEFAULT 0,
    UNIQUE (project_id, method, record_key, fingerprint)
);
CREATE INDEX platform_outbox_due ON platform_outbox (project_id, status, id);

-- What the built-in sandbox platform received: one row per (app, nonce), so a call sent again answers
-- the first one's request code and is processed once.
CREATE TABLE platform_sandbox_requests (
    request_code TEXT PRIMARY KEY,
    app_id TEXT NOT NULL,
    nonce TEXT NOT NULL,
    method TEXT NOT NULL,
    data TEXT NOT NULL,
    -- accepted or refused, told by AsyncHandleResult.Query.
    status TEXT NOT NULL,
    message TEXT NOT NULL,
    received_at BIGINT NOT NULL,
    UNIQUE (app_id, nonce)
);
