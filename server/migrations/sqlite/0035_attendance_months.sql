-- The reports (issue 16) over millions of attendance days: one row per project, worker and month with a bit per
-- attended day (bit d-1 for day d), so 考勤统计 reads a worker's month as one row instead of up to 31. The
-- database keeps it from attendance_days by triggers, so that every path that writes a day (ingest, import,
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
) WITHOUT ROWID;

INSERT INTO attendance_months (project_id, month, worker_id, days)
SELECT project_id, substr(day, 1, 7), worker_id, SUM(1 << (CAST(substr(day, 9, 2) AS INTEGER) - 1))
FROM attendance_days WHERE attended GROUP BY project_id, substr(day, 1, 7), worker_id;

CREATE TRIGGER attendance_months_insert AFTER INSERT ON attendance_days WHEN NEW.attended
BEGIN
    INSERT INTO attendance_months (project_id, month, worker_id, days)
    VALUES (NEW.project_id, substr(NEW.day, 1, 7), NEW.worker_id, 1 << (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1))
    ON CONFLICT (project_id, month, worker_id) DO UPDATE SET days = days | excluded.days;
END;

CREATE TRIGGER attendance_months_delete AFTER DELETE ON attendance_days WHEN OLD.attended
BEGIN
    UPDATE attendance_months SET days = days & ~(1 << (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1))
    WHERE project_id = OLD.project_id AND month = substr(OLD.day, 1, 7) AND worker_id = OLD.worker_id;
    DELETE FROM attendance_months
    WHERE project_id = OLD.project_id AND month = substr(OLD.day, 1, 7) AND worker_id = OLD.worker_id AND days = 0;
END;

-- An update is the old day taken out and the new one put in; the two triggers touch different bits or rows, so
-- their order does not matter.
CREATE TRIGGER attendance_months_update_out AFTER UPDATE OF project_id, worker_id, day, attended ON attendance_days
WHEN OLD.attended AND (NOT NEW.attended OR OLD.project_id <> NEW.project_id OR OLD.worker_id <> NEW.worker_id
    OR OLD.day <> NEW.day)
BEGIN
    UPDATE attendance_months SET days = days & ~(1 << (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1))
    WHERE project_id = OLD.project_id AND month = substr(OLD.day, 1, 7) AND worker_id = OLD.worker_id;
    DELETE FROM attendance_months
    WHERE project_id = OLD.project_id AND month = substr(OLD.day, 1, 7) AND worker_id = OLD.worker_id AND days = 0;
END;

CREATE TRIGGER attendance_months_update_in AFTER UPDATE OF project_id, worker_id, day, attended ON attendance_days
WHEN NEW.attended AND (NOT OLD.attended OR OLD.project_id <> NEW.project_id OR OLD.worker_id <> NEW.worker_id
    OR OLD.day <> NEW.day)
BEGIN
    INSERT INTO attendance_months (project_id, month, worker_id, days)
    VALUES (NEW.project_id, substr(NEW.day, 1, 7), NEW.worker_id, 1 << (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1))
    ON CONFLICT (project_id, month, worker_id) DO UPDATE SET days = days | excluded.days;
END;
