-- 工资统计 (issue 16) over millions of wage lines and payout flows: their sums per project, month, unit, team and
-- work type, kept by the database from wage_lines and account_flows by triggers, so that every path that writes
-- them keeps these exact. A roster line's unit, team and work type never change (a transfer is a new line), so
-- the sums stay under the roster line each wage line or payout belongs to, as the lists count them.

-- The wage lines of a month (wage area): how many and their net.
CREATE TABLE wage_line_months (
    project_id BIGINT NOT NULL,
    month TEXT NOT NULL,
    unit_id BIGINT NOT NULL,
    -- 0 without a team.
    team_id BIGINT NOT NULL,
    work_type TEXT NOT NULL,
    lines BIGINT NOT NULL,
    net_fen BIGINT NOT NULL,
    PRIMARY KEY (project_id, month, unit_id, team_id, work_type)
) WITHOUT ROWID;

INSERT INTO wage_line_months (project_id, month, unit_id, team_id, work_type, lines, net_fen)
SELECT l.project_id, l.month, e.unit_id, COALESCE(e.team_id, 0), e.work_type, COUNT(*), SUM(l.net_fen)
FROM wage_lines l JOIN employments e ON e.id = l.employment_id
GROUP BY l.project_id, l.month, e.unit_id, COALESCE(e.team_id, 0), e.work_type;

CREATE TRIGGER wage_line_months_insert AFTER INSERT ON wage_lines
BEGIN
    INSERT INTO wage_line_months (project_id, month, unit_id, team_id, work_type, lines, net_fen)
    SELECT NEW.project_id, NEW.month, e.unit_id, COALESCE(e.team_id, 0), e.work_type, 1, NEW.net_fen
    FROM employments e WHERE e.id = NEW.employment_id
    ON CONFLICT (project_id, month, unit_id, team_id, work_type)
    DO UPDATE SET lines = lines + 1, net_fen = net_fen + excluded.net_fen;
END;

CREATE TRIGGER wage_line_months_delete AFTER DELETE ON wage_lines
BEGIN
    UPDATE wage_line_months SET lines = lines - 1, net_fen = net_fen - OLD.net_fen
    WHERE project_id = OLD.project_id AND month = OLD.month
        AND (unit_id, team_id, work_type) =
            (SELECT e.unit_id, COALESCE(e.team_id, 0), e.work_type FROM employments e WHERE e.id = OLD.employment_id);
    DELETE FROM wage_line_months WHERE project_id = OLD.project_id AND month = OLD.month AND lines = 0;
END;

CREATE TRIGGER wage_line_months_update AFTER UPDATE OF project_id, month, employment_id, net_fen ON wage_lines
BEGIN
    UPDATE wage_line_months SET lines = lines - 1, net_fen = net_fen - OLD.net_fen
    WHERE project_id = OLD.project_id AND month = OLD.month
        AND (unit_id, team_id, work_type) =
            (SELECT e.unit_id, COALESCE(e.team_id, 0), e.work_type FROM employments e WHERE e.id = OLD.employment_id);
    INSERT INTO wage_line_months (project_id, month, unit_id, team_id, work_type, lines, net_fen)
    SELECT NEW.project_id, NEW.month, e.unit_id, COALESCE(e.team_id, 0), e.work_type, 1, NEW.net_fen
    FROM employments e WHERE e.id = NEW.employment_id
    ON CONFLICT (project_id, month, unit_id, team_id, work_type)
    DO UPDATE SET lines = lines + 1, net_fen = net_fen + excluded.net_fen;
    DELETE FROM wage_line_months WHERE project_id = OLD.project_id AND month = OLD.month AND lines = 0;
END;

-- The special account's payouts of a China month (account area), under the roster line of the wage line paid.
-- Flows are never changed or removed (a correction is a flow of its own), so only an insert counts.
CREATE TABLE account_payout_months (
    project_id BIGINT NOT NULL,
    -- 'YYYY-MM' of occurred_at in China time.
    month TEXT NOT NULL,
    unit_id BIGINT NOT NULL,
    team_id BIGINT NOT NULL,
    paid_fen BIGINT NOT NULL,
    PRIMARY KEY (project_id, month, unit_id, team_id)
) WITHOUT ROWID;

INSERT INTO account_payout_months (project_id, month, unit_id, team_id, paid_fen)
SELECT f.project_id, strftime('%Y-%m', f.occurred_at + 28800, 'unixepoch'), e.unit_id, COALESCE(e.team_id, 0),
    SUM(f.amount_fen)
FROM account_flows f JOIN payouts p ON p.id = f.payout_id JOIN wage_lines l ON l.id = p.line_id
JOIN employments e ON e.id = l.employment_id
WHERE f.direction = 'out' AND f.source = 'payout'
GROUP BY f.project_id, strftime('%Y-%m', f.occurred_at + 28800, 'unixepoch'), e.unit_id, COALESCE(e.team_id, 0);

CREATE TRIGGER account_payout_months_insert AFTER INSERT ON account_flows
WHEN NEW.direction = 'out' AND NEW.source = 'payout' AND NEW.payout_id IS NOT NULL
BEGIN
    INSERT INTO account_payout_months (project_id, month, unit_id, team_id, paid_fen)
    SELECT NEW.project_id, strftime('%Y-%m', NEW.occurred_at + 28800, 'unixepoch'), e.unit_id,
        COALESCE(e.team_id, 0), NEW.amount_fen
    FROM payouts p JOIN wage_lines l ON l.id = p.line_id JOIN employments e ON e.id = l.employment_id
    WHERE p.id = NEW.payout_id
    ON CONFLICT (project_id, month, unit_id, team_id) DO UPDATE SET paid_fen = paid_fen + excluded.paid_fen;
END;
