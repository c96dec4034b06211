-- Uploaded files: stored under a random name in the data directory, served only to sessions that may see them.
CREATE TABLE uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    stored_name TEXT NOT NULL UNIQUE,
    original_name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size BIGINT NOT NULL,
    kind TEXT NOT NULL,
    project_id BIGINT REFERENCES projects (id),
    account_id BIGINT NOT NULL REFERENCES accounts (id),
    created_at BIGINT NOT NULL
);
CREATE INDEX uploads_project ON uploads (project_id);
