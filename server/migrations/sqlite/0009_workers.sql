-- Issue 4, site entry registration, roster, training and ID supplement. The roster list filters a project's
-- employments and pages them newest first; these indexes let each filter walk only its own rows
-- (bench/roster.sh: 100k workers). They replace 0006's (project_id, status, entry_date), which let the
-- planner pick an entry-date range and then sort every matching line for the newest 20.
DROP INDEX employments_roster;
CREATE INDEX employments_project_list ON employments (project_id, status, id);
CREATE INDEX employments_project_team ON employments (project_id, team_id, status, id);
CREATE INDEX employments_project_unit ON employments (project_id, unit_id, status, id);
CREATE INDEX employments_project_work_type ON employments (project_id, work_type, status, id);

-- A training session (安全教育 / 技能培训) of a project, with its attendees (workers of the project).
CREATE TABLE trainings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    topic TEXT NOT NULL,
    train_date TEXT NOT NULL,
    trainer TEXT NOT NULL,
    -- Hours in tenths (1.5 h = 15): exact, no floating point.
    hours_tenths BIGINT NOT NULL CHECK (hours_tenths > 0),
    content TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX trainings_project ON trainings (project_id, train_date, id);

CREATE TABLE training_attendees (
    training_id BIGINT NOT NULL REFERENCES trainings (id),
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    PRIMARY KEY (training_id, worker_id)
);
