-- Messages name their subject (issue 15): the kind of record they are about and its id, so each message links
-- to the screen that resolves it (a lead's id is the popup's `back_id`), and when they were read.
ALTER TABLE messages ADD COLUMN subject_id BIGINT;
ALTER TABLE messages ADD COLUMN read_at BIGINT;
CREATE INDEX messages_project_kind ON messages (project_id, kind, id);
CREATE INDEX messages_account_kind ON messages (account_id, kind, id);
