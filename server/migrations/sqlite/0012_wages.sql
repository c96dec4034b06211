-- Issue 5, the money path: wage sheets (工资表) per unit or team and month, their lines, wage orders (工资单)
-- bundling confirmed sheets, payouts (one per order line, the bank's answer), approvers' verifications and
-- the sandbox bank's memory of idempotency keys. Money in integer fen; months 'YYYY-MM'.

CREATE TABLE wage_sheets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    month TEXT NOT NULL,
    unit_id BIGINT NOT NULL REFERENCES project_units (id),
    -- 0: the whole unit; otherwise a team of the unit.
    team_id BIGINT NOT NULL DEFAULT 0,
    -- draft 草稿 (editable), confirmed 已确认 (locked), paid 已发放 (its order was paid).
    status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'confirmed', 'paid')),
    -- The live order (待审核 or later, not rejected / withdrawn) carrying the sheet.
    order_id BIGINT,
    created_by BIGINT REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    confirmed_at BIGINT NOT NULL DEFAULT 0,
    UNIQUE (project_id, unit_id, team_id, month)
);
CREATE INDEX wage_sheets_month ON wage_sheets (project_id, month, id);

-- One line per worker and month across the project's sheets.
CREATE TABLE wage_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sheet_id BIGINT NOT NULL REFERENCES wage_sheets (id),
    project_id BIGINT NOT NULL REFERENCES projects (id),
    month TEXT NOT NULL,
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    employment_id BIGINT NOT NULL REFERENCES employments (id),
    days BIGINT NOT NULL CHECK (days >= 0),
    wage_kind TEXT NOT NULL CHECK (wage_kind IN ('day', 'month')),
    wage_fen BIGINT NOT NULL CHECK (wage_fen >= 0),
    -- What the attendance gives; payable differs from it only with a reason.
    prefill_fen BIGINT NOT NULL CHECK (prefill_fen >= 0),
    payable_fen BIGINT NOT NULL CHECK (payable_fen >= 0),
    deduction_fen BIGINT NOT NULL DEFAULT 0 CHECK (deduction_fen >= 0),
    net_fen BIGINT NOT NULL CHECK (net_fen >= 0),
    reason TEXT NOT NULL DEFAULT '',
    card_number TEXT NOT NULL DEFAULT '',
    card_bank TEXT NOT NULL DEFAULT '',
    UNIQUE (project_id, month, worker_id)
);
CREATE INDEX wage_lines_sheet ON wage_lines (sheet_id, id);

-- status: pending 待审核, withdrawn 已撤回, rejected 已驳回, paying 支付中, paid 已支付, partial 部分失败.
CREATE TABLE wage_orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    order_no TEXT NOT NULL UNIQUE,
    month TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'withdrawn', 'rejected', 'paying', 'paid', 'partial')),
    total_fen BIGINT NOT NULL CHECK (total_fen > 0),
    line_count BIGINT NOT NULL,
    paid_fen BIGINT NOT NULL DEFAULT 0,
    failed_fen BIGINT NOT NULL DEFAULT 0,
    -- A re-issue of failed lines of this order.
    reissue_of BIGINT REFERENCES wage_orders (id),
    remark TEXT NOT NULL DEFAULT '',
    created_by BIGINT REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    decided_by BIGINT REFERENCES accounts (id),
    decided_at BIGINT NOT NULL DEFAULT 0,
    decision_remark TEXT NOT NULL DEFAULT '',
    finished_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX wage_orders_project ON wage_orders (project_id, status, id);

CREATE TABLE wage_order_sheets (
    order_id BIGINT NOT NULL REFERENCES wage_orders (id),
    sheet_id BIGINT NOT NULL REFERENCES wage_sheets (id),
    PRIMARY KEY (order_id, sheet_id)
);

-- One per order line. status: queued (order not yet approved), pending (asked of the bank), paid, failed,
-- cancelled (order rejected or withdrawn). The bank's idempotency key is 'wg-payout-<id>'.
CREATE TABLE payouts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL REFERENCES wage_orders (id),
    project_id BIGINT NOT NULL REFERENCES projects (id),
    line_id BIGINT NOT NULL REFERENCES wage_lines (id),
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    amount_fen BIGINT NOT NULL CHECK (amount_fen > 0),
    card_number TEXT NOT NULL,
    card_bank TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'pending', 'paid', 'failed', 'cancelled')),
    bank_ref TEXT NOT NULL DEFAULT '',
    failure_reason TEXT NOT NULL DEFAULT '',
    -- The re-issue order that carries this failed line again.
    reissued_by BIGINT REFERENCES wage_orders (id),
    settled_at BIGINT NOT NULL DEFAULT 0,
    UNIQUE (order_id, line_id)
);
-- Never twice: a wage line is paid by at most one payout.
CREATE UNIQUE INDEX payouts_one_paid ON payouts (line_id) WHERE status = 'paid';
CREATE INDEX payouts_order ON payouts (order_id, status, id);
CREATE INDEX payouts_failed ON payouts (project_id, status, id);

-- An approver's successful SMS or ID-number check; one approval consumes one within its lifetime.
CREATE TABLE approval_verifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES accounts (id),
    method TEXT NOT NULL CHECK (method IN ('sms', 'id_number')),
    verified_at BIGINT NOT NULL,
    used BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX approval_verifications_account ON approval_verifications (account_id, used, verified_at);

-- The sandbox bank's memory: a retried idempotency key answers the first result.
CREATE TABLE sandbox_bank_payments (
    idempotency_key TEXT PRIMARY KEY,
    card_number TEXT NOT NULL,
    amount_fen BIGINT NOT NULL,
    paid BOOLEAN NOT NULL,
    bank_ref TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
