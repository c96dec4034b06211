-- Issue 32: the bank edge as banks work. A special account pays by the bank's API (接口, the sandbox) or by a
-- 代发 batch file the clerk takes to the bank's online banking (文件); the bank's result file (回盘) settles
-- the order, and the bank's statement (对账单) is reconciled with the account's flows.

-- 代发方式 of the special account: api 接口, file 文件.
ALTER TABLE special_accounts ADD COLUMN payout_mode TEXT NOT NULL DEFAULT 'api' CHECK (payout_mode IN ('api', 'file'));

-- How an approved order is paid: api (the gateway pays it) or file (待银行发放 until its result file).
ALTER TABLE wage_orders ADD COLUMN channel TEXT NOT NULL DEFAULT 'api' CHECK (channel IN ('api', 'file'));

-- A payout's 序号 in its order's batch file (file channel), fixed at approval so the file never changes.
ALTER TABLE payouts ADD COLUMN batch_seq BIGINT;
CREATE UNIQUE INDEX payouts_batch_seq ON payouts (order_id, batch_seq);

-- Each result file applied to an order (its SHA-256): the same file again changes nothing.
CREATE TABLE wage_batch_results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL REFERENCES wage_orders (id),
    file_sha256 TEXT NOT NULL,
    paid BIGINT NOT NULL,
    failed BIGINT NOT NULL,
    applied_by BIGINT REFERENCES accounts (id),
    applied_at BIGINT NOT NULL,
    UNIQUE (order_id, file_sha256)
);

-- The bank's statement of a special account, line by line, as uploaded by the clerk or pushed by the bank.
-- line_key is the bank's serial number, or a digest of the line with its position when the bank gives none:
-- the same line uploaded twice is stored once. seq keeps the bank's order within a day (balances).
CREATE TABLE bank_statement_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    txn_date TEXT NOT NULL,
    seq BIGINT NOT NULL,
    direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
    amount_fen BIGINT NOT NULL CHECK (amount_fen > 0),
    balance_fen BIGINT NOT NULL,
    counterparty_name TEXT NOT NULL DEFAULT '',
    counterparty_account TEXT NOT NULL DEFAULT '',
    bank_ref TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL CHECK (source IN ('upload', 'push')),
    line_key TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (project_id, line_key)
);
CREATE INDEX bank_statement_lines_day ON bank_statement_lines (project_id, txn_date, seq);
