-- The unfiltered roster (a project's lines, newest first) walks this index for its page of 20. Without it
-- the planner took a (project_id, …) index that is not in id order and sorted all of a project's lines
-- (bench/roster.sh, 100k lines: 15 ms a page on SQLite, 1 ms with it).
CREATE INDEX employments_project_newest ON employments (project_id, id);
