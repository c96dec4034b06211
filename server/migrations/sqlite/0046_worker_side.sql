-- Issue 31: the worker's own pages. A worker (a person of the roster, not an account) logs in with his ID
-- number and an SMS code; he confirms or disputes each wage line of a confirmed sheet.

-- A worker's session: the token's SHA-256, 30 days. phone is the roster phone the code went to: a session
-- lives only while the roster still has that phone, so every way of changing it ends his sessions.
CREATE TABLE worker_sessions (
    token_hash TEXT PRIMARY KEY,
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    phone TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    ip TEXT NOT NULL DEFAULT ''
);
CREATE INDEX worker_sessions_worker ON worker_sessions (worker_id);

-- The worker's word on a line of a confirmed sheet. Asked (pending) when the clerk confirms the sheet, for
-- the net in net_fen; a line whose net changed since is asked again. reason: days, rate, deduction,
-- not_received. A dispute is answered by the clerk (answered_by); lead_id is the bureau's lead an
-- unanswered dispute became.
CREATE TABLE wage_line_confirmations (
    line_id BIGINT PRIMARY KEY REFERENCES wage_lines (id),
    project_id BIGINT NOT NULL REFERENCES projects (id),
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    net_fen BIGINT NOT NULL CHECK (net_fen >= 0),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'disputed')),
    asked_at BIGINT NOT NULL,
    decided_at BIGINT NOT NULL DEFAULT 0,
    reason TEXT NOT NULL DEFAULT '' CHECK (reason IN ('', 'days', 'rate', 'deduction', 'not_received')),
    text TEXT NOT NULL DEFAULT '',
    answer TEXT NOT NULL DEFAULT '',
    answered_at BIGINT NOT NULL DEFAULT 0,
    answered_by BIGINT REFERENCES accounts (id),
    lead_id BIGINT
);
CREATE INDEX wage_line_confirmations_project ON wage_line_confirmations (project_id, status);
CREATE INDEX wage_line_confirmations_worker ON wage_line_confirmations (worker_id);

-- Whether an order may be submitted only once every worker on it has confirmed (default: shown, not required).
ALTER TABLE payroll_settings ADD COLUMN confirmation_required BOOLEAN NOT NULL DEFAULT FALSE;

-- The worker's pages follow the leads reported under his ID number.
CREATE INDEX leads_id_number ON leads (id_number, id);
