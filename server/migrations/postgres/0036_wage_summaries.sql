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
);

INSERT INTO wage_line_months (project_id, month, unit_id, team_id, work_type, lines, net_fen)
SELECT l.project_id, l.month, e.unit_id, COALESCE(e.team_id, 0), e.work_type, COUNT(*), SUM(l.net_fen)
FROM wage_lines l JOIN employments e ON e.id = l.employment_id
GROUP BY l.project_id, l.month, e.unit_id, COALESCE(e.team_id, 0), e.work_type;

CREATE FUNCTION wage_line_months_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.project_id = NEW.project_id AND OLD.month = NEW.month
        AND OLD.employment_id = NEW.employment_id AND OLD.net_fen = NEW.net_fen THEN
        RETURN NULL;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE wage_line_months m SET lines = m.lines - 1, net_fen = m.net_fen - OLD.net_fen
        FROM employments e
        WHERE e.id = OLD.employment_id AND m.project_id = OLD.project_id AND m.month = OLD.month
            AND m.unit_id = e.unit_id AND m.team_id = COALESCE(e.team_id, 0) AND m.work_type = e.work_type;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO wage_line_months (project_id, month, unit_id, team_id, work_type, lines, net_fen)
        SELECT NEW.project_id, NEW.month, e.unit_id, COALESCE(e.team_id, 0), e.work_type, 1, NEW.net_fen
        FROM employments e WHERE e.id = NEW.employment_id
        ON CONFLICT (project_id, month, unit_id, team_id, work_type)
        DO UPDATE SET lines = wage_line_months.lines + 1, net_fen = wage_line_months.net_fen + EXCLUDED.net_fen;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM wage_line_months WHERE project_id = OLD.project_id AND month = OLD.month AND lines = 0;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER wage_line_months_keep AFTER INSERT OR UPDATE OR DELETE ON wage_lines
FOR EACH ROW EXECUTE FUNCTION wage_line_months_keep();

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
);

INSERT INTO account_payout_months (project_id, month, unit_id, team_id, paid_fen)
SELECT f.project_id, to_char(to_timestamp(f.occurred_at + 28800) AT TIME ZONE 'UTC', 'YYYY-MM'), e.unit_id,
    COALESCE(e.team_id, 0), SUM(f.amount_fen)
FROM account_flows f JOIN payouts p ON p.id = f.payout_id JOIN wage_lines l ON l.id = p.line_id
JOIN employments e ON e.id = l.employment_id
WHERE f.direction = 'out' AND f.source = 'payout'
GROUP BY 1, 2, 3, 4;

CREATE FUNCTION account_payout_months_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO account_payout_months (project_id, month, unit_id, team_id, paid_fen)
    SELECT NEW.project_id, to_char(to_timestamp(NEW.occurred_at + 28800) AT TIME ZONE 'UTC', 'YYYY-MM'), e.unit_id,
        COALESCE(e.team_id, 0), NEW.amount_fen
    FROM payouts p JOIN wage_lines l ON l.id = p.line_id JOIN employments e ON e.id = l.employment_id
    WHERE p.id = NEW.payout_id
    ON CONFLICT (project_id, month, unit_id, team_id)
    DO UPDATE SET paid_fen = account_payout_months.paid_fen + EXCLUDED.paid_fen;
    RETURN NULL;
END
$$;

CREATE TRIGGER account_payout_months_keep AFTER INSERT ON account_flows
FOR EACH ROW WHEN (NEW.direction = 'out' AND NEW.source = 'payout' AND NEW.payout_id IS NOT NULL)
EXECUTE FUNCTION account_payout_months_keep();
