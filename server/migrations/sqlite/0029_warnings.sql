-- Issue 15: early warnings. One row per warning the engine raised; the partial unique index is the rule "one
-- open warning per rule × project × subject × period", held by the database so two engines running at once
-- never insert two (the engine inserts with ON CONFLICT DO NOTHING). subject_kind '' and subject_id 0: the
-- project itself; period a month `YYYY-MM`, a year `YYYY` or ''. closed_by: '' while open, 'engine' when the
-- cause went, 'regulator' when the bureau closed it (the engine then does not raise that key again).
CREATE TABLE warnings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    rule TEXT NOT NULL,
    level TEXT NOT NULL CHECK (level IN ('yellow', 'orange', 'red')),
    project_id BIGINT NOT NULL REFERENCES projects (id),
    subject_kind TEXT NOT NULL DEFAULT '',
    subject_id BIGINT NOT NULL DEFAULT 0,
    period TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    facts TEXT NOT NULL DEFAULT '',
    raised_at BIGINT NOT NULL,
    closed_at BIGINT NOT NULL DEFAULT 0,
    closed_by TEXT NOT NULL DEFAULT '',
    close_reason TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX warnings_one_open ON warnings (rule, project_id, subject_kind, subject_id, period) WHERE status = 'open';
CREATE INDEX warnings_project ON warnings (project_id, status, id);
CREATE INDEX warnings_key ON warnings (rule, project_id, subject_kind, subject_id, period);

-- A warning's thread: the project's answers and the regulator's comments, with attachments (upload URLs,
-- one per line).
CREATE TABLE warning_notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    warning_id BIGINT NOT NULL REFERENCES warnings (id),
    account_id BIGINT NOT NULL REFERENCES accounts (id),
    account_name TEXT NOT NULL,
    author_kind TEXT NOT NULL CHECK (author_kind IN ('project', 'regulator')),
    body TEXT NOT NULL,
    attachments TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX warning_notes_warning ON warning_notes (warning_id, id);

-- Attendance's memory of device punches refused because the person is on no roster of the project (the
-- early warning "a punch from a person not on the roster"): how many per project, day and ID number. Owned by
-- the attendance area.
CREATE TABLE unknown_punches (
    project_id BIGINT NOT NULL REFERENCES projects (id),
    day TEXT NOT NULL,
    id_number TEXT NOT NULL,
    refused BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (project_id, day, id_number)
);
