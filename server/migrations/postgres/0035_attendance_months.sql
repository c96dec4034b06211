-- The reports (issue 16) over millions of attendance days: one row per project, worker and month with a bit per
-- attended day (bit d-1 for day d), so 考勤统计 reads a worker's month as one row instead of up to 31. The
-- database keeps it from attendance_days by a trigger, so that every path that writes a day (ingest, import,
-- corrections, recounts, the demo, a restore) keeps it exact without knowing of it; it is an index the
-- attendance area reads, not a second record.
CREATE TABLE attendance_months (
    project_id BIGINT NOT NULL,
    -- 'YYYY-MM', China time (the month of attendance_days.day).
    month TEXT NOT NULL,
    worker_id BIGINT NOT NULL,
    -- Bit d-1 is set when day d of the month is attended (attendance_days.attended); never 0 (such rows go).
    days BIGINT NOT NULL,
    PRIMARY KEY (project_id, month, worker_id)
);

INSERT INTO attendance_months (project_id, month, worker_id, days)
SELECT project_id, substr(day, 1, 7), worker_id, BIT_OR(CAST(1 AS BIGINT) << (CAST(substr(day, 9, 2) AS INTEGER) - 1))
FROM attendance_days WHERE attended GROUP BY project_id, substr(day, 1, 7), worker_id;

CREATE FUNCTION attendance_months_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.attended = NEW.attended AND OLD.project_id = NEW.project_id
        AND OLD.worker_id = NEW.worker_id AND OLD.day = NEW.day THEN
        RETURN NULL;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.attended THEN
        UPDATE attendance_months
        SET days = days & ~(CAST(1 AS BIGINT) << (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1))
        WHERE project_id = OLD.project_id AND month = substr(OLD.day, 1, 7) AND worker_id = OLD.worker_id;
        DELETE FROM attendance_months
        WHERE project_id = OLD.project_id AND month = substr(OLD.day, 1, 7) AND worker_id = OLD.worker_id
            AND days = 0;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.attended THEN
        INSERT INTO attendance_months (project_id, month, worker_id, days)
        VALUES (NEW.project_id, substr(NEW.day, 1, 7), NEW.worker_id,
            CAST(1 AS BIGINT) << (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1))
        ON CONFLICT (project_id, month, worker_id) DO UPDATE SET days = attendance_months.days | EXCLUDED.days;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER attendance_months_keep AFTER INSERT OR UPDATE OR DELETE ON attendance_days
FOR EACH ROW EXECUTE FUNCTION attendance_months_keep();
