-- Issue 10 items 2 and 3: wage cards checked at the door, workers corrected from the roster.

-- A wage card failing UnionPay's check digit that a clerk confirmed as written: when and by whom (empty
-- while the card passes or nobody confirmed it). Cleared when the card is changed again.
ALTER TABLE workers ADD COLUMN card_check_waived_at BIGINT;
ALTER TABLE workers ADD COLUMN card_check_waived_by TEXT NOT NULL DEFAULT '';

-- Why an exited line ended: '' an exit from the site, 'transfer' a transfer to another unit or team of the
-- project (the next line starts the day after).
ALTER TABLE employments ADD COLUMN exit_reason TEXT NOT NULL DEFAULT '';

-- The wage standard of a roster line over time. A line's first rate takes effect on its entry date; a
-- change takes effect on the first day of a month, so every month's sheet has one rate per line and the
-- sheets of earlier months keep the old one. employments.wage_kind / wage_fen hold the newest standard.
CREATE TABLE employment_rates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    employment_id BIGINT NOT NULL REFERENCES employments (id),
    effective_from TEXT NOT NULL,
    wage_kind TEXT NOT NULL CHECK (wage_kind IN ('day', 'month')),
    wage_fen BIGINT NOT NULL CHECK (wage_fen >= 0),
    created_at BIGINT NOT NULL,
    UNIQUE (employment_id, effective_from)
);
INSERT INTO employment_rates (employment_id, effective_from, wage_kind, wage_fen, created_at)
    SELECT id, entry_date, wage_kind, wage_fen, created_at FROM employments;
