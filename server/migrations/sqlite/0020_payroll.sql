-- no-transaction
-- Issue 11: every attended day paid exactly once, supplementary sheets, each day at that day's terms,
-- sheets that follow attendance until confirmed, adjustments after payment, the project's proration.
--
-- A month may now have several sheets per unit (team): the first and its 补充工资表, one draft at a time;
-- lines are unique per sheet and worker, and a worker may be on several sheets of a month (a transfer, a
-- supplementary sheet). SQLite cannot drop a table constraint, so wage_sheets and wage_lines are rebuilt
-- the way SQLite documents (foreign keys off, new table, copy, drop, rename, check): the references of
-- wage_lines, wage_order_sheets and payouts name the tables, which the rebuilt ones take over with the same ids.
PRAGMA foreign_keys = OFF;
BEGIN;

CREATE TABLE wage_sheets_0020 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    month TEXT NOT NULL,
    unit_id BIGINT NOT NULL REFERENCES project_units (id),
    -- 0: the whole unit; otherwise a team of the unit.
    team_id BIGINT NOT NULL DEFAULT 0,
    -- 1: the unit's (team's) first sheet of the month; 2 and on: its supplementary sheets (补充工资表).
    seq BIGINT NOT NULL DEFAULT 1,
    -- draft 未确认 (follows attendance, editable), confirmed 已确认 (frozen), partial 部分发放 (a line failed
    -- and waits for re-issue), paid 已发放 (every line with pay was paid).
    status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'confirmed', 'partial', 'paid')),
    -- How monthly wages were prorated: 'statutory' (21.75 paid days) or 'working_days'.
    proration TEXT NOT NULL DEFAULT 'statutory' CHECK (proration IN ('statutory', 'working_days')),
    -- The month's working days on China's calendar when the lines were taken.
    working_days BIGINT NOT NULL DEFAULT 0,
    -- The live order (待审核 or later, not rejected / withdrawn) carrying the sheet.
    order_id BIGINT,
    created_by BIGINT REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    confirmed_at BIGINT NOT NULL DEFAULT 0,
    -- When the lines were last taken from attendance (created or refreshed).
    refreshed_at BIGINT NOT NULL DEFAULT 0
);
INSERT INTO wage_sheets_0020 (id, project_id, month, unit_id, team_id, seq, status, order_id, created_by, created_at, confirmed_at, refreshed_at)
    SELECT id, project_id, month, unit_id, team_id, 1, status, order_id, created_by, created_at, confirmed_at, created_at FROM wage_sheets;
DROP TABLE wage_sheets;
ALTER TABLE wage_sheets_0020 RENAME TO wage_sheets;
CREATE INDEX wage_sheets_month ON wage_sheets (project_id, month, id);
CREATE UNIQUE INDEX wage_sheets_one_draft ON wage_sheets (project_id, unit_id, team_id, month) WHERE status = 'draft';

CREATE TABLE wage_lines_0020 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sheet_id BIGINT NOT NULL REFERENCES wage_sheets (id),
    project_id BIGINT NOT NULL REFERENCES projects (id),
    month TEXT NOT NULL,
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    -- The employment of the line's last day.
    employment_id BIGINT NOT NULL REFERENCES employments (id),
    -- Attended days the line pays.
    days BIGINT NOT NULL CHECK (days >= 0),
    -- Statutory holidays paid without attendance (monthly wage).
    holiday_days BIGINT NOT NULL DEFAULT 0 CHECK (holiday_days >= 0),
    -- Attended rest days and holidays of a monthly wage: overtime the clerk pays with a reason.
    overtime_days BIGINT NOT NULL DEFAULT 0 CHECK (overtime_days >= 0),
    -- The wage standard of the line's last day; wage_line_days holds each day's.
    wage_kind TEXT NOT NULL CHECK (wage_kind IN ('day', 'month')),
    wage_fen BIGINT NOT NULL CHECK (wage_fen >= 0),
    -- What the attendance gives; payable differs from it only with a reason.
    prefill_fen BIGINT NOT NULL CHECK (prefill_fen >= 0),
    payable_fen BIGINT NOT NULL CHECK (payable_fen >= 0),
    deduction_fen BIGINT NOT NULL DEFAULT 0 CHECK (deduction_fen >= 0),
    -- Pay taken back for days paid before and corrected to absent since (wage_adjustments).
    adjustment_fen BIGINT NOT NULL DEFAULT 0 CHECK (adjustment_fen >= 0),
    net_fen BIGINT NOT NULL CHECK (net_fen >= 0),
    reason TEXT NOT NULL DEFAULT '',
    -- How the prefill was reached, as printed on the sheet.
    basis TEXT NOT NULL DEFAULT '',
    card_number TEXT NOT NULL DEFAULT '',
    card_bank TEXT NOT NULL DEFAULT '',
    UNIQUE (sheet_id, worker_id)
);
INSERT INTO wage_lines_0020 (id, sheet_id, project_id, month, worker_id, employment_id, days, wage_kind, wage_fen, prefill_fen, payable_fen,
        deduction_fen, net_fen, reason, card_number, card_bank)
    SELECT id, sheet_id, project_id, month, worker_id, employment_id, days, wage_kind, wage_fen, prefill_fen, payable_fen,
        deduction_fen, net_fen, reason, card_number, card_bank FROM wage_lines;
DROP TABLE wage_lines;
ALTER TABLE wage_lines_0020 RENAME TO wage_lines;
CREATE INDEX wage_lines_sheet ON wage_lines (sheet_id, id);
CREATE INDEX wage_lines_month ON wage_lines (project_id, month, worker_id);

-- The days each line pays: a worker's day is on at most one line (the primary key), so no day is paid
-- twice. class is the day on China's calendar when the line took it: 'working', 'statutory' or 'rest'.
-- No foreign keys: a month's sheet writes some 300,000 rows and each checked key costs an index probe (a
-- trigger per row on PostgreSQL). The line's own keys stand for them; `wage::repo` writes the days after
-- their line and deletes them before it, in one transaction.
CREATE TABLE wage_line_days (
    project_id BIGINT NOT NULL,
    worker_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    line_id BIGINT NOT NULL,
    class TEXT NOT NULL CHECK (class IN ('working', 'statutory', 'rest')),
    attended BOOLEAN NOT NULL,
    employment_id BIGINT NOT NULL,
    wage_kind TEXT NOT NULL CHECK (wage_kind IN ('day', 'month')),
    wage_fen BIGINT NOT NULL CHECK (wage_fen >= 0),
    PRIMARY KEY (project_id, worker_id, day)
);
CREATE INDEX wage_line_days_line ON wage_line_days (line_id, day);

-- Lines built before this migration paid their attended days inside the sheet's employments.
INSERT INTO wage_line_days (project_id, worker_id, day, line_id, class, attended, employment_id, wage_kind, wage_fen)
    SELECT l.project_id, l.worker_id, a.day, MIN(l.id), 'working', TRUE, MIN(l.employment_id), MIN(l.wage_kind), MIN(l.wage_fen)
    FROM wage_lines l JOIN wage_sheets s ON s.id = l.sheet_id
    JOIN attendance_days a ON a.project_id = l.project_id AND a.worker_id = l.worker_id AND a.attended = TRUE
        AND a.day >= (l.month || '-01') AND a.day <= (l.month || '-31')
    WHERE EXISTS (SELECT 1 FROM employments y WHERE y.project_id = a.project_id AND y.worker_id = a.worker_id
        AND y.unit_id = s.unit_id AND (s.team_id = 0 OR y.team_id = s.team_id)
        AND y.entry_date <= a.day AND (y.exit_date = '' OR y.exit_date >= a.day))
    GROUP BY l.project_id, l.worker_id, a.day;

-- A day paid on a confirmed sheet and corrected to absent afterwards: the attendance stays as paid and the
-- day's pay is taken back on the worker's next sheet (line_id, once taken), with the clerk's reason.
CREATE TABLE wage_adjustments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    day TEXT NOT NULL,
    -- The line that paid the day.
    paid_line_id BIGINT NOT NULL REFERENCES wage_lines (id),
    amount_fen BIGINT NOT NULL CHECK (amount_fen >= 0),
    reason TEXT NOT NULL,
    -- The line that takes the amount back; NULL while pending.
    line_id BIGINT REFERENCES wage_lines (id),
    created_by BIGINT REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    UNIQUE (project_id, worker_id, day)
);
CREATE INDEX wage_adjustments_pending ON wage_adjustments (project_id, worker_id, line_id);

-- The project's payroll rule (工资核算 › 计薪规则); a project without a row prorates by 21.75.
CREATE TABLE payroll_settings (
    project_id BIGINT PRIMARY KEY REFERENCES projects (id),
    proration TEXT NOT NULL DEFAULT 'statutory' CHECK (proration IN ('statutory', 'working_days')),
    updated_at BIGINT NOT NULL
);

COMMIT;
PRAGMA foreign_keys = ON;
