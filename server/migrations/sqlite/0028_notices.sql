-- Notices (issue 15 item 2): the regulator publishes a plain-text notice to every approved project of its
-- district, to the projects of chosen districts, or to chosen projects. The audience is resolved when the
-- notice is published: `notice_reads` holds one row per addressed project, and the project's first opening
-- fills `read_at` and `read_by` (kept afterwards). `district` is the publisher's scope ('' = whole area); the
-- regulators of a district see the notices published within it.
CREATE TABLE notices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    audience TEXT NOT NULL,
    audience_list TEXT NOT NULL DEFAULT '',
    district TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'published',
    publisher_id BIGINT NOT NULL REFERENCES accounts (id),
    publisher_name TEXT NOT NULL,
    published_at BIGINT NOT NULL,
    withdrawn_at BIGINT,
    withdrawn_by TEXT NOT NULL DEFAULT ''
);
CREATE INDEX notices_district ON notices (district, id);

CREATE TABLE notice_attachments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    notice_id BIGINT NOT NULL REFERENCES notices (id),
    stored_name TEXT NOT NULL,
    original_name TEXT NOT NULL,
    position BIGINT NOT NULL
);
CREATE INDEX notice_attachments_notice ON notice_attachments (notice_id, position);
CREATE INDEX notice_attachments_file ON notice_attachments (stored_name);

CREATE TABLE notice_reads (
    notice_id BIGINT NOT NULL REFERENCES notices (id),
    project_id BIGINT NOT NULL REFERENCES projects (id),
    read_at BIGINT,
    read_by BIGINT REFERENCES accounts (id),
    PRIMARY KEY (notice_id, project_id)
);
CREATE INDEX notice_reads_project ON notice_reads (project_id, notice_id);
