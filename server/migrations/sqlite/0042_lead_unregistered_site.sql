-- no-transaction
-- Issue 34 item 5: a lead from a site that is not registered. The worker names the site (name, address, and
-- optionally its county) and the employer's phone in free text; the lead has no project (`project_id` NULL)
-- until the bureau links it to a registered one. `site_district` is the county's path of codes as projects
-- keep theirs ('4101,410105'), '' when the worker chose none (then only the whole area's regulators see it).
-- `unregistered` stays TRUE after linking, so the lead keeps saying where it came from.
-- SQLite cannot drop NOT NULL, so `leads` is rebuilt the way SQLite documents (foreign keys off, new table,
-- copy, drop, rename); lead_steps and lead_files name the table and keep its ids.
PRAGMA foreign_keys = OFF;
BEGIN;

CREATE TABLE leads_0042 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    receipt TEXT NOT NULL UNIQUE,
    reporter_name TEXT NOT NULL,
    phone TEXT NOT NULL,
    id_number TEXT NOT NULL,
    project_id BIGINT REFERENCES projects (id),
    employer TEXT NOT NULL,
    owed_fen BIGINT NOT NULL CHECK (owed_fen > 0),
    months_owed BIGINT NOT NULL,
    description TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('public', 'hotline')),
    status TEXT NOT NULL CHECK (status IN ('pending', 'dispatched', 'feedback', 'returned', 'closed')),
    deadline_day TEXT NOT NULL DEFAULT '',
    deadline_at BIGINT,
    answer TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    unregistered BOOLEAN NOT NULL DEFAULT FALSE,
    site_name TEXT NOT NULL DEFAULT '',
    site_address TEXT NOT NULL DEFAULT '',
    site_district TEXT NOT NULL DEFAULT '',
    employer_phone TEXT NOT NULL DEFAULT '',
    CHECK (project_id IS NOT NULL OR (unregistered AND site_name <> ''))
);
INSERT INTO leads_0042 (id, receipt, reporter_name, phone, id_number, project_id, employer, owed_fen, months_owed,
        description, source, status, deadline_day, deadline_at, answer, created_at, updated_at)
    SELECT id, receipt, reporter_name, phone, id_number, project_id, employer, owed_fen, months_owed,
        description, source, status, deadline_day, deadline_at, answer, created_at, updated_at FROM leads;
DROP TABLE leads;
ALTER TABLE leads_0042 RENAME TO leads;
CREATE INDEX leads_project_status ON leads (project_id, status);
CREATE INDEX leads_status_deadline ON leads (status, deadline_at);
CREATE INDEX leads_unregistered ON leads (unregistered, id);

COMMIT;
PRAGMA foreign_keys = ON;
