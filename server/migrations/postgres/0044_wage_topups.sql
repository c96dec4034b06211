-- Issue 28 items 3 and 5: a wage standard raised into days already paid is made good on a supplementary
-- sheet (补差). A line may pay, besides the attended days it holds in wage_line_days, the difference on days
-- another line paid at a lower standard: topup_days of them, topup_fen in all (part of prefill_fen).
ALTER TABLE wage_lines ADD COLUMN topup_days BIGINT NOT NULL DEFAULT 0 CHECK (topup_days >= 0);
ALTER TABLE wage_lines ADD COLUMN topup_fen BIGINT NOT NULL DEFAULT 0 CHECK (topup_fen >= 0);

-- The days a line tops up: the day's standard went from from_fen (what it was paid at so far: the base
-- line's, or an earlier top-up's to_fen) to to_fen (the standard in force when the line was made). A day
-- carries one base payment (wage_line_days) and top-ups that follow each other without overlap; the key
-- keeps a step from being taken twice. No foreign keys, as wage_line_days: `wage::repo` writes the rows
-- after their line and deletes them before it, in one transaction.
CREATE TABLE wage_line_topups (
    project_id BIGINT NOT NULL,
    worker_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    line_id BIGINT NOT NULL,
    wage_kind TEXT NOT NULL CHECK (wage_kind IN ('day', 'month')),
    from_fen BIGINT NOT NULL CHECK (from_fen >= 0),
    to_fen BIGINT NOT NULL,
    CHECK (to_fen > from_fen),
    PRIMARY KEY (project_id, worker_id, day, from_fen)
);
CREATE INDEX wage_line_topups_line ON wage_line_topups (line_id, day);
