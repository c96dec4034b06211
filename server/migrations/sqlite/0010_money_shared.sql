-- What the attendance, wage and special-account areas share (issue 5).
--
-- attendance_days: one row per project, worker and China-time day, kept by the attendance area from punches
-- (device, import, manual correction) and the project's rules; the wage area counts rows with attended = TRUE.
CREATE TABLE attendance_days (
    project_id BIGINT NOT NULL REFERENCES projects (id),
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    -- 'YYYY-MM-DD', China time.
    day TEXT NOT NULL,
    -- Unix seconds of the first and the last counted punch of the day.
    first_at BIGINT NOT NULL,
    last_at BIGINT NOT NULL,
    punches BIGINT NOT NULL DEFAULT 0,
    -- Minutes between the first and the last counted punch.
    minutes BIGINT NOT NULL DEFAULT 0,
    -- The day counts for wages under the project's rule (minimum hours, directions).
    attended BOOLEAN NOT NULL,
    -- Set or corrected by hand; the reason is in the operation log.
    manual BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (project_id, worker_id, day)
);
CREATE INDEX attendance_days_by_day ON attendance_days (project_id, day);

-- The special account's balance is the sum of its flows; balance_fen is that sum, kept in the same
-- transaction as every flow (account::flows), so a debit can refuse an overdraft atomically.
ALTER TABLE special_accounts ADD COLUMN balance_fen BIGINT NOT NULL DEFAULT 0 CHECK (balance_fen >= 0);

-- Every movement of money on a special account. direction 'in' (labour-cost transfers from the owner) or
-- 'out' (wage payouts); source 'bank' (arrived through the gateway), 'regulator' (recorded by the bureau) or
-- 'payout' (one wage-order line; payout_id names it, at most one flow per payout line).
CREATE TABLE account_flows (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
    amount_fen BIGINT NOT NULL CHECK (amount_fen > 0),
    balance_after_fen BIGINT NOT NULL CHECK (balance_after_fen >= 0),
    counterparty_name TEXT NOT NULL DEFAULT '',
    counterparty_account TEXT NOT NULL DEFAULT '',
    counterparty_bank TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL CHECK (source IN ('bank', 'regulator', 'payout')),
    bank_ref TEXT NOT NULL DEFAULT '',
    payout_id BIGINT UNIQUE,
    occurred_at BIGINT NOT NULL,
    created_by BIGINT REFERENCES accounts (id)
);
CREATE INDEX account_flows_project ON account_flows (project_id, occurred_at, id);

-- Finance approvers (propertyRole) are checked by ID number before they approve (orders/VerifyIdnumber).
ALTER TABLE accounts ADD COLUMN id_number TEXT NOT NULL DEFAULT '';
