-- attendance_day_counts: how many workers attended each project on each day, so the data screen's 30-day trend
-- and today's count read a row per project and day (issue 16) instead of counting day rows. Kept from
-- attendance_days by the triggers of migration 0035, recreated here with a statement each for it.
CREATE TABLE attendance_day_counts (
    project_id BIGINT NOT NULL,
    -- 'YYYY-MM-DD', as attendance_days.day.
    day TEXT NOT NULL,
    -- Rows of attendance_days with attended; never 0 (such rows go).
    attended BIGINT NOT NULL,
    PRIMARY KEY (project_id, day)
) WITHOUT ROWID;

INSERT INTO attendance_day_counts (project_id, day, attended)
SELECT project_id, day, COUNT(*) FROM attendance_days WHERE attended GROUP BY project_id, day;

DROP TRIGGER attendance_months_insert;
DROP TRIGGER attendance_months_delete;
DROP TRIGGER attendance_months_update_out;
DROP TRIGGER attendance_months_update_in;

CREATE TRIGGER attendance_sums_insert AFTER INSERT ON attendance_days WHEN NEW.attended
BEGIN
    INSERT INTO attendance_months (project_id, month, worker_id, days)
    VALUES (NEW.project_id, substr(NEW.day, 1, 7), NEW.worker_id, 1 << (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1))
    ON CONFLICT (project_id, month, worker_id) DO UPDATE SET days = days | excluded.days;
    INSERT INTO attendance_day_counts (project_id, day, attended) VALUES (NEW.project_id, NEW.day, 1)
    ON CONFLICT (project_id, day) DO UPDATE SET attended = attended + 1;
END;

CREATE TRIGGER attendance_sums_delete AFTER DELETE ON attendance_days WHEN OLD.attended
BEGIN
    UPDATE attendance_months SET days = days & ~(1 << (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1))
    WHERE project_id = OLD.project_id AND month = substr(OLD.day, 1, 7) AND worker_id = OLD.worker_id;
    DELETE FROM attendance_months
    WHERE project_id = OLD.project_id AND month = substr(OLD.day, 1, 7) AND worker_id = OLD.worker_id AND days = 0;
    UPDATE attendance_day_counts SET attended = attended - 1 WHERE project_id = OLD.project_id AND day = OLD.day;
    DELETE FROM attendance_day_counts WHERE project_id = OLD.project_id AND day = OLD.day AND attended = 0;
END;

-- An update is the old day taken out and the new one put in; the two triggers touch different bits or rows, so
-- their order does not matter.
CREATE TRIGGER attendance_sums_update_out AFTER UPDATE OF project_id, worker_id, day, attended ON attendance_days
WHEN OLD.attended AND (NOT NEW.attended OR OLD.project_id <> NEW.project_id OR OLD.worker_id <> NEW.worker_id
    OR OLD.day <> NEW.day)
BEGIN
    UPDATE attendance_months SET days = days & ~(1 << (CAST(substr(OLD.day, 9, 2) AS INTEGER) - 1))
    WHERE project_id = OLD.project_id AND month = substr(OLD.day, 1, 7) AND worker_id = OLD.worker_id;
    DELETE FROM attendance_months
    WHERE project_id = OLD.project_id AND month = substr(OLD.day, 1, 7) AND worker_id = OLD.worker_id AND days = 0;
    UPDATE attendance_day_counts SET attended = attended - 1 WHERE project_id = OLD.project_id AND day = OLD.day;
    DELETE FROM attendance_day_counts WHERE project_id = OLD.project_id AND day = OLD.day AND attended = 0;
END;

CREATE TRIGGER attendance_sums_update_in AFTER UPDATE OF project_id, worker_id, day, attended ON attendance_days
WHEN NEW.attended AND (NOT OLD.attended OR OLD.project_id <> NEW.project_id OR OLD.worker_id <> NEW.worker_id
    OR OLD.day <> NEW.day)
BEGIN
    INSERT INTO attendance_months (project_id, month, worker_id, days)
    VALUES (NEW.project_id, substr(NEW.day, 1, 7), NEW.worker_id, 1 << (CAST(substr(NEW.day, 9, 2) AS INTEGER) - 1))
    ON CONFLICT (project_id, month, worker_id) DO UPDATE SET days = days | excluded.days;
    INSERT INTO attendance_day_counts (project_id, day, attended) VALUES (NEW.project_id, NEW.day, 1)
    ON CONFLICT (project_id, day) DO UPDATE SET attended = attended + 1;
END;
