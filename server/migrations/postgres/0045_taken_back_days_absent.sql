-- Issue 28 finding 6: a paid day corrected to absent is absent in attendance too, so that the attendance
-- sheet, 考勤统计 and every count of attended days agree with its take-back. Take-backs recorded before kept
-- the day attended: they are corrected here as the clerk's correction would have been.
INSERT INTO attendance_corrections (project_id, worker_id, day, attended, reason, account_id, account_name, created_at)
    SELECT j.project_id, j.worker_id, j.day, FALSE, j.reason, j.created_by, COALESCE(a.name, ''), j.created_at
    FROM wage_adjustments j LEFT JOIN accounts a ON a.id = j.created_by
    WHERE EXISTS (SELECT 1 FROM attendance_days d WHERE d.project_id = j.project_id AND d.worker_id = j.worker_id
                  AND d.day = j.day AND d.attended = TRUE);
UPDATE attendance_days SET attended = FALSE, manual = TRUE
    WHERE attended = TRUE AND EXISTS (SELECT 1 FROM wage_adjustments j WHERE j.project_id = attendance_days.project_id
                                      AND j.worker_id = attendance_days.worker_id AND j.day = attendance_days.day);
