-- Two changes to the sums kept from attendance_days (migration 0035):
-- 1. attendance_day_counts: how many workers attended each project on each day, so the data screen's 30-day
--    trend and today's count read a row per project and day (issue 16) instead of counting day rows.
-- 2. The row trigger of 0035 ran a PL/pgSQL function for every day row written, and the punch ingest rewrites
--    every day row of a batch's workers: ingest fell from 12,575 to 2,606 punches/s. Statement triggers over the
--    transition tables keep both sums with a few set-based statements per statement instead.
DROP TRIGGER attendance_months_keep ON attendance_days;
DROP FUNCTION attendance_months_keep();

CREATE TABLE attendance_day_counts (
    project_id BIGINT NOT NULL,
    -- 'YYYY-MM-DD', as attendance_days.day.
    day TEXT NOT NULL,
    -- Rows of attendance_days with attended; never 0 (such rows go).
    attended BIGINT NOT NULL,
    PRIMARY KEY (project_id, day)
);

INSERT INTO attendance_day_counts (project_id, day, attended)
SELECT project_id, day, COUNT(*) FROM attendance_days WHERE attended GROUP BY project_id, day;

-- One function for the three triggers: the attended days a statement took away (`gone`) come out of both sums,
-- those it brought (`came`) go in. An update moves only the attended days that differ before and after, so a
-- recount's new hours of a day still attended move nothing. The two sets are queries over the transition
-- tables, run as dynamic SQL so that one body serves all three. Rows are locked in key order, so two writers of
-- one project's days wait for each other instead of deadlocking.
CREATE FUNCTION attendance_sums_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    gone TEXT;
    came TEXT;
    found BOOLEAN;
BEGIN
    IF TG_OP = 'DELETE' THEN
        gone := 'SELECT project_id, worker_id, day FROM old_days WHERE attended';
    ELSIF TG_OP = 'UPDATE' THEN
        gone := 'SELECT project_id, worker_id, day FROM old_days WHERE attended
                 EXCEPT SELECT project_id, worker_id, day FROM new_days WHERE attended';
        came := 'SELECT project_id, worker_id, day FROM new_days WHERE attended
                 EXCEPT SELECT project_id, worker_id, day FROM old_days WHERE attended';
    ELSE
        came := 'SELECT project_id, worker_id, day FROM new_days WHERE attended';
    END IF;
    -- A statement that moves nothing (new hours of a day still attended, an empty delete) costs one look.
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
            'UPDATE attendance_months m SET days = m.days & ~g.bits
             FROM (SELECT project_id, substr(day, 1, 7) AS month, worker_id,
                       BIT_OR(CAST(1 AS BIGINT) << (CAST(substr(day, 9, 2) AS INTEGER) - 1)) AS bits
                   FROM (%s) AS d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) AS g
             WHERE m.project_id = g.project_id AND m.month = g.month AND m.worker_id = g.worker_id', gone);
        EXECUTE format(
            'DELETE FROM attendance_months m USING (%s) AS g
             WHERE m.project_id = g.project_id AND m.month = substr(g.day, 1, 7) AND m.worker_id = g.worker_id
                 AND m.days = 0', gone);
        EXECUTE format(
            'UPDATE attendance_day_counts c SET attended = c.attended - g.attended
             FROM (SELECT project_id, day, COUNT(*) AS attended FROM (%s) AS d GROUP BY 1, 2 ORDER BY 1, 2) AS g
             WHERE c.project_id = g.project_id AND c.day = g.day', gone);
        EXECUTE format(
            'DELETE FROM attendance_day_counts c USING (%s) AS g
             WHERE c.project_id = g.project_id AND c.day = g.day AND c.attended = 0', gone);
    END IF;
    IF came IS NOT NULL THEN
        EXECUTE format(
            'INSERT INTO attendance_months (project_id, month, worker_id, days)
             SELECT project_id, substr(day, 1, 7), worker_id,
                 BIT_OR(CAST(1 AS BIGINT) << (CAST(substr(day, 9, 2) AS INTEGER) - 1))
             FROM (%s) AS d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
             ON CONFLICT (project_id, month, worker_id) DO UPDATE SET days = attendance_months.days | EXCLUDED.days',
            came);
        EXECUTE format(
            'INSERT INTO attendance_day_counts (project_id, day, attended)
             SELECT project_id, day, COUNT(*) FROM (%s) AS d GROUP BY 1, 2 ORDER BY 1, 2
             ON CONFLICT (project_id, day) DO UPDATE SET attended = attendance_day_counts.attended + EXCLUDED.attended',
            came);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER attendance_sums_insert AFTER INSERT ON attendance_days
REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION attendance_sums_keep();
CREATE TRIGGER attendance_sums_delete AFTER DELETE ON attendance_days
REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION attendance_sums_keep();
CREATE TRIGGER attendance_sums_update AFTER UPDATE ON attendance_days
REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION attendance_sums_keep();
