-- A project's complete export (数据导出备份, issue 16 item 5): a background job writing one .zip under the
-- data directory's `exports/` folder. `status`: queued, running, done, failed, expired (the file removed
-- seven days after it was built). `instance` is the process that runs it (host:pid), so a restart finds the
-- jobs its previous process left unfinished. `detail`: why a job failed.
CREATE TABLE export_jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    requested_by BIGINT NOT NULL REFERENCES accounts (id),
    requested_name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'expired')),
    progress BIGINT NOT NULL DEFAULT 0,
    file_name TEXT NOT NULL DEFAULT '',
    stored_name TEXT NOT NULL DEFAULT '',
    size BIGINT NOT NULL DEFAULT 0,
    detail TEXT NOT NULL DEFAULT '',
    instance TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    finished_at BIGINT,
    expires_at BIGINT NOT NULL
);
CREATE INDEX export_jobs_project ON export_jobs (project_id, id);
CREATE INDEX export_jobs_status ON export_jobs (status, expires_at);
