-- Wage-arrears leads (欠薪线索, issue 15 item 4): reported by a worker on the public page or entered by the
-- regulator from the 12333 hotline, dispatched to a project with a deadline, answered by the project, and
-- accepted (closed, with the bureau's final answer) or returned. `status`: pending 待派发, dispatched 待反馈,
-- feedback 待审核, returned 已退回 (awaiting feedback again), closed 已办结. `deadline_at` is the first second
-- after the deadline's China day; `deadline_day` that day as text.
CREATE TABLE leads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    receipt TEXT NOT NULL UNIQUE,
    reporter_name TEXT NOT NULL,
    phone TEXT NOT NULL,
    id_number TEXT NOT NULL,
    project_id BIGINT NOT NULL REFERENCES projects (id),
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
    updated_at BIGINT NOT NULL
);
CREATE INDEX leads_project_status ON leads (project_id, status);
CREATE INDEX leads_status_deadline ON leads (status, deadline_at);

-- Each step of a lead: who (`actor`, a login name or 举报人), what (`action`: report, enter, dispatch,
-- feedback, return, accept), the remark.
CREATE TABLE lead_steps (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    lead_id BIGINT NOT NULL REFERENCES leads (id),
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX lead_steps_lead ON lead_steps (lead_id, id);

-- A step's files: the worker's photos (stored by this area, `url` under /builder/clue/v1/Clue/photo/) and
-- the project's feedback attachments (its own uploads, `url` under /uploads/).
CREATE TABLE lead_files (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    step_id BIGINT NOT NULL REFERENCES lead_steps (id),
    lead_id BIGINT NOT NULL REFERENCES leads (id),
    stored_name TEXT NOT NULL,
    original_name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    url TEXT NOT NULL
);
CREATE INDEX lead_files_step ON lead_files (step_id);
CREATE INDEX lead_files_name ON lead_files (stored_name);
