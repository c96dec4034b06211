-- Issue 4 item 2: changes of a builder's or general contractor's wage guarantee after registration
-- (ajax_change_guarantee). The change applies at once; this row keeps what it was and what it became
-- (JSON of paytype, desposit, guaranteepath, startdate, enddate) with the reason, and whether the
-- regulator has read it (ajax_guarantee_set_read).
CREATE TABLE guarantee_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    unit_id BIGINT NOT NULL REFERENCES project_units (id),
    account_id BIGINT NOT NULL REFERENCES accounts (id),
    before_json TEXT NOT NULL,
    after_json TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    is_read BOOLEAN NOT NULL DEFAULT FALSE,
    read_by BIGINT REFERENCES accounts (id),
    read_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX guarantee_changes_unit ON guarantee_changes (unit_id, created_at);
CREATE INDEX guarantee_changes_unread ON guarantee_changes (is_read, created_at);
