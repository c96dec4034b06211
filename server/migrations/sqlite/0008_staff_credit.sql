-- Issue 4: management and key staff of a project (项目管理人员 / 关键岗位人员) and credit records (诚信:
-- worker bad-behaviour records, awards and punishments of units and workers). Texts default '';
-- dates 'YYYY-MM-DD' ('' = empty).

CREATE TABLE project_staff (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    -- The participating unit the person works for.
    unit_id BIGINT NOT NULL REFERENCES project_units (id),
    -- A post of project::staff::POSTS (项目经理, 劳资专管员, …).
    post TEXT NOT NULL,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    -- 18 characters, upper-case X, GB 11643 checksum.
    id_number TEXT NOT NULL,
    certificate_number TEXT NOT NULL DEFAULT '',
    entry_date TEXT NOT NULL,
    -- '' while in post.
    exit_date TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX project_staff_project ON project_staff (project_id, post);

CREATE TABLE credit_records (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    -- bad 不良行为 (workers only), award 奖励, punishment 惩罚.
    kind TEXT NOT NULL CHECK (kind IN ('bad', 'award', 'punishment')),
    subject_type TEXT NOT NULL CHECK (subject_type IN ('worker', 'unit')),
    -- The registered worker with that ID number, when there is one.
    worker_id BIGINT REFERENCES workers (id),
    unit_id BIGINT REFERENCES project_units (id),
    -- The worker's or the unit's name as recorded.
    subject_name TEXT NOT NULL,
    -- Workers: the ID number; units: ''.
    id_number TEXT NOT NULL DEFAULT '',
    record_date TEXT NOT NULL,
    reason TEXT NOT NULL,
    issuer TEXT NOT NULL,
    -- Comma-joined upload URLs (/uploads/<name>) of kind attachment, at most 5.
    attachments TEXT NOT NULL DEFAULT '',
    account_id BIGINT REFERENCES accounts (id),
    created_at BIGINT NOT NULL
);
CREATE INDEX credit_records_list ON credit_records (kind, project_id, record_date);
CREATE INDEX credit_records_id_number ON credit_records (id_number);
