-- wage_line_months (migration 0036) kept by statement triggers instead of a row trigger, as attendance's sums
-- are since 0037: a wage sheet writes thousands of lines in a few statements, and a PL/pgSQL call per line cost
-- more than the sheet's own writes. The lines a statement took away come out of the sums, those it brought go in;
-- an update moves only the lines whose project, month, roster line or net changed.
DROP TRIGGER wage_line_months_keep ON wage_lines;
DROP FUNCTION wage_line_months_keep();

CREATE FUNCTION wage_line_sums_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    gone TEXT;
    came TEXT;
    found BOOLEAN;
BEGIN
    IF TG_OP = 'DELETE' THEN
        gone := 'SELECT id, project_id, month, employment_id, net_fen FROM old_lines';
    ELSIF TG_OP = 'UPDATE' THEN
        gone := 'SELECT id, project_id, month, employment_id, net_fen FROM old_lines
                 EXCEPT SELECT id, project_id, month, employment_id, net_fen FROM new_lines';
        came := 'SELECT id, project_id, month, employment_id, net_fen FROM new_lines
                 EXCEPT SELECT id, project_id, month, employment_id, net_fen FROM old_lines';
    ELSE
        came := 'SELECT id, project_id, month, employment_id, net_fen FROM new_lines';
    END IF;
    -- A statement that moves nothing (a line saved unchanged, an empty delete) costs one look.
    IF gone IS NOT NULL THEN
        EXECUTE format('SELECT EXISTS (%s)', gone) INTO found;
        IF NOT found THEN
            gone := NULL;
        END IF;
    END IF;
    IF came IS NOT NULL THEN
        EXECUTE format('SELECT EXISTS (%s)', came) INTO found;
        IF NOT found THEN
            came := NULL;
        END IF;
    END IF;
    IF gone IS NOT NULL THEN
        EXECUTE format(
            'UPDATE wage_line_months m SET lines = m.lines - g.lines, net_fen = m.net_fen - g.net_fen
             FROM (SELECT l.project_id, l.month, e.unit_id, COALESCE(e.team_id, 0) AS team_id, e.work_type,
                       COUNT(*) AS lines, SUM(l.net_fen) AS net_fen
                   FROM (%s) AS l JOIN employments e ON e.id = l.employment_id
                   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5) AS g
             WHERE m.project_id = g.project_id AND m.month = g.month AND m.unit_id = g.unit_id
                 AND m.team_id = g.team_id AND m.work_type = g.work_type', gone);
    END IF;
    IF came IS NOT NULL THEN
        EXECUTE format(
            'INSERT INTO wage_line_months (project_id, month, unit_id, team_id, work_type, lines, net_fen)
             SELECT l.project_id, l.month, e.unit_id, COALESCE(e.team_id, 0), e.work_type, COUNT(*), SUM(l.net_fen)
             FROM (%s) AS l JOIN employments e ON e.id = l.employment_id
             GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
             ON CONFLICT (project_id, month, unit_id, team_id, work_type) DO UPDATE
             SET lines = wage_line_months.lines + EXCLUDED.lines, net_fen = wage_line_months.net_fen + EXCLUDED.net_fen',
            came);
    END IF;
    IF gone IS NOT NULL THEN
        EXECUTE format(
            'DELETE FROM wage_line_months m USING (SELECT DISTINCT project_id, month FROM (%s) AS l) AS g
             WHERE m.project_id = g.project_id AND m.month = g.month AND m.lines = 0', gone);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER wage_line_sums_insert AFTER INSERT ON wage_lines
REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION wage_line_sums_keep();
CREATE TRIGGER wage_line_sums_delete AFTER DELETE ON wage_lines
REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION wage_line_sums_keep();
CREATE TRIGGER wage_line_sums_update AFTER UPDATE ON wage_lines
REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION wage_line_sums_keep();
