-- Issue 11 item 7: a wage sheet is 部分发放 ('partial') while a line with net pay has no paid payout after its
-- order finished (a failed line waiting for re-issue), 已发放 ('paid') only when every such line is paid.
-- SQLite cannot alter a CHECK in place: its wage_sheets takes the value where that table is rebuilt (0020).
ALTER TABLE wage_sheets DROP CONSTRAINT IF EXISTS wage_sheets_status_check;
ALTER TABLE wage_sheets ADD CONSTRAINT wage_sheets_status_check CHECK (status IN ('draft', 'confirmed', 'partial', 'paid'));
