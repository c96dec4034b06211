-- Terminals that speak ZKTeco PUSH (iclock; issue 17 item 1, docs/iclock.md). A device registered with
-- protocol 'iclock' pushes to /iclock/… and is known by its serial alone (the protocol signs nothing);
-- 'api' devices use the signed device API. The iclock area keeps the rest.
ALTER TABLE attendance_devices ADD COLUMN protocol TEXT NOT NULL DEFAULT 'api' CHECK (protocol IN ('api', 'iclock'));

-- What a terminal told us at its last handshake and poll, and the stamps it sends from: a stamp is the
-- terminal's position in its own log; 0 makes it send everything again.
CREATE TABLE iclock_terminals (
    device_id BIGINT PRIMARY KEY,
    attlog_stamp BIGINT NOT NULL DEFAULT 0,
    operlog_stamp BIGINT NOT NULL DEFAULT 0,
    attphoto_stamp BIGINT NOT NULL DEFAULT 0,
    -- The handshake's pushver and language, and the poll's INFO (firmware, counts, IP), as sent.
    push_version TEXT NOT NULL DEFAULT '',
    info TEXT NOT NULL DEFAULT '',
    handshake_at BIGINT NOT NULL DEFAULT 0,
    polled_at BIGINT NOT NULL DEFAULT 0
);

-- The people a terminal was told about (a USERINFO command queued) and what it enrolled for them.
CREATE TABLE iclock_users (
    device_id BIGINT NOT NULL,
    worker_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    -- Bit n set: finger n enrolled (FP lines of OPERLOG).
    fingers BIGINT NOT NULL DEFAULT 0,
    face BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (device_id, worker_id)
);

-- Commands for a terminal, fetched by its poll (C:<id>:<command>) and confirmed with a Return code.
CREATE TABLE iclock_commands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    device_id BIGINT NOT NULL,
    command TEXT NOT NULL,
    -- What the clerk reads, e.g. 下发人员 张三（工号 12）.
    summary TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    -- 0 not fetched yet; a command fetched and unconfirmed for 5 minutes is fetched again.
    sent_at BIGINT NOT NULL DEFAULT 0,
    sends BIGINT NOT NULL DEFAULT 0,
    -- The terminal's Return code ('' until confirmed; '0' done, negative failed).
    return_code TEXT NOT NULL DEFAULT '',
    returned_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX iclock_commands_due ON iclock_commands (device_id, returned_at, id);

-- Every upload as it came (kept 7 days): the lines, what became of them and why a line failed.
CREATE TABLE iclock_uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    device_id BIGINT NOT NULL,
    -- ATTLOG, OPERLOG or ATTPHOTO.
    table_name TEXT NOT NULL,
    stamp BIGINT NOT NULL DEFAULT 0,
    received_at BIGINT NOT NULL,
    lines BIGINT NOT NULL,
    stored BIGINT NOT NULL,
    duplicates BIGINT NOT NULL,
    failed BIGINT NOT NULL,
    -- The text as sent (a photo's header lines only).
    raw TEXT NOT NULL,
    -- JSON [{"line": n, "text": "…", "reason": "…"}] of the lines that failed.
    failures TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX iclock_uploads_device ON iclock_uploads (device_id, id);
CREATE INDEX iclock_uploads_age ON iclock_uploads (received_at);

-- Photos (ATTPHOTO) whose punch has not arrived yet; attached when it does.
CREATE TABLE iclock_photos (
    device_id BIGINT NOT NULL,
    worker_id BIGINT NOT NULL,
    punched_at BIGINT NOT NULL,
    photo TEXT NOT NULL,
    PRIMARY KEY (device_id, worker_id, punched_at)
);

-- Serials that knocked without being registered (as iclock terminals): listed for the clerk to adopt.
CREATE TABLE iclock_strangers (
    serial TEXT PRIMARY KEY,
    first_seen_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    contacts BIGINT NOT NULL DEFAULT 1,
    -- The handshake's pushver / DeviceType, as sent.
    info TEXT NOT NULL DEFAULT ''
);
CREATE INDEX iclock_strangers_recent ON iclock_strangers (last_seen_at);
