-- Attendance (issue 5 items 1 and 2): the project's devices, the punches they push (or a clerk imports),
-- the replay guard of the device API and the project's attendance rules. attendance_days (0010) is kept
-- from these by the attendance area.

-- An attendance terminal ('attendant') or an ID reader ('reader') registered to one project. The secret is
-- shown once; only its SHA-256 is kept (it is also the HMAC key, docs/device-api.md).
CREATE TABLE attendance_devices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    kind TEXT NOT NULL CHECK (kind IN ('attendant', 'reader')),
    serial TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    direction TEXT NOT NULL CHECK (direction IN ('in', 'out', 'both')),
    location TEXT NOT NULL DEFAULT '',
    secret_sha256 TEXT NOT NULL,
    enabled BOOLEAN NOT NULL DEFAULT TRUE,
    -- Unix seconds of the last heartbeat or punch upload; 0 never.
    last_heartbeat_at BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX attendance_devices_project ON attendance_devices (project_id, kind, id);

-- One punch of a worker. device_id 0 for punches imported from a workbook; the same (device, worker,
-- time) is stored once.
CREATE TABLE punches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    punched_at BIGINT NOT NULL,
    -- 'YYYY-MM-DD' of punched_at in China time.
    day TEXT NOT NULL,
    direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
    source TEXT NOT NULL CHECK (source IN ('device', 'import')),
    device_id BIGINT NOT NULL DEFAULT 0,
    -- Stored name of the photo the terminal took, '' without one.
    photo TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX punches_once ON punches (project_id, worker_id, punched_at, device_id);
CREATE INDEX punches_by_day ON punches (project_id, day, worker_id, punched_at);

-- Signatures already used by a device (replay guard); rows older than the accepted clock skew are removed.
CREATE TABLE device_nonces (
    device_id BIGINT NOT NULL,
    signature TEXT NOT NULL,
    signed_at BIGINT NOT NULL,
    PRIMARY KEY (device_id, signature)
);
CREATE INDEX device_nonces_age ON device_nonces (signed_at);

-- The project's attendance rules (system/collection); a project without a row uses the defaults.
CREATE TABLE attendance_rules (
    project_id BIGINT PRIMARY KEY REFERENCES projects (id),
    -- Minutes between the first and the last counted punch for a day to count; 0: any punch counts.
    min_minutes BIGINT NOT NULL DEFAULT 0,
    -- Punches of one worker within this many seconds of the last counted one count once.
    dedup_seconds BIGINT NOT NULL DEFAULT 60,
    -- Which punches count: 'in', 'out' or 'both'.
    directions TEXT NOT NULL DEFAULT 'both' CHECK (directions IN ('in', 'out', 'both')),
    -- A device is shown offline when its last heartbeat is older than this.
    offline_minutes BIGINT NOT NULL DEFAULT 10,
    updated_at BIGINT NOT NULL
);

-- Manual corrections of a worker's day (user/attendance, project/sheets): who set the day attended or not,
-- and why. attendance_days carries the result with manual = TRUE.
CREATE TABLE attendance_corrections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    day TEXT NOT NULL,
    attended BOOLEAN NOT NULL,
    reason TEXT NOT NULL,
    account_id BIGINT REFERENCES accounts (id),
    account_name TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX attendance_corrections_by_day ON attendance_corrections (project_id, day, worker_id);
