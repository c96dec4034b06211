-- The reports (issue 16) over millions of attendance days: the days of a project by date with the attended
-- flag and the worker in the index (it replaces the narrower one), so the daily counts read no table rows;
-- the roster lines by project and worker with their stay, unit and team, so "an attended day inside a stay of
-- the cohort" is one index probe.
DROP INDEX attendance_days_by_day;
CREATE INDEX attendance_days_by_day ON attendance_days (project_id, day, attended, worker_id);
CREATE INDEX employments_stay ON employments (project_id, worker_id, entry_date, exit_date, unit_id, team_id);
