-- E-contracts (电子合同, issue 16 item 4). A project's contract templates: a name and a body with
-- placeholders such as {{工人姓名}}; every save raises `version`. The built-in row (`project_id` NULL,
-- `builtin`) is the default 建筑施工劳动合同 every project may use: its body is the one in
-- server/src/contract/template.rs, not the stored text.
CREATE TABLE contract_templates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT REFERENCES projects (id),
    name TEXT NOT NULL,
    body TEXT NOT NULL,
    builtin BOOLEAN NOT NULL DEFAULT FALSE,
    version BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX contract_templates_project ON contract_templates (project_id, id);
INSERT INTO contract_templates (project_id, name, body, builtin, version, created_at, updated_at)
VALUES (NULL, '建筑施工劳动合同（默认范本）', '', TRUE, 1, 0, 0);

-- A worker's contract as generated: the template's name and version, the filled text and the values
-- (`fields`, a JSON object placeholder → value) as they were printed, so that it stays what was signed.
-- `status`: generated 待签, signed 已签 (the signed scan uploaded).
CREATE TABLE contracts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    employment_id BIGINT NOT NULL REFERENCES employments (id),
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    worker_name TEXT NOT NULL,
    template_id BIGINT NOT NULL,
    template_name TEXT NOT NULL,
    template_version BIGINT NOT NULL,
    body TEXT NOT NULL,
    fields TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('generated', 'signed')),
    signed_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX contracts_project ON contracts (project_id, id);
CREATE INDEX contracts_employment ON contracts (employment_id, id);

-- The signed scan of a contract: uploads of the project (images or pdf), in order.
CREATE TABLE contract_files (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    contract_id BIGINT NOT NULL REFERENCES contracts (id),
    stored_name TEXT NOT NULL,
    original_name TEXT NOT NULL,
    position BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX contract_files_contract ON contract_files (contract_id, position);
