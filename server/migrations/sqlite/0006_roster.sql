-- Issue 4, the roster's shared schema: every unit taking part in a project (builder and general contractor
-- from the wizard, then subcontractors and labour subcontractors), its teams (班组), the workers (the
-- person, once, by ID number) and their employments (worker × project). Later migrations of the same issue
-- add what only one screen needs. Texts default ''; dates 'YYYY-MM-DD' ('' = empty); money integer fen.

-- project_units gains the other roles, several of them per project, with entry and exit. SQLite cannot
-- alter a CHECK, so the table is rebuilt (nothing references it yet).
CREATE TABLE project_units_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    company_id BIGINT NOT NULL REFERENCES companies (id),
    -- builder 建设单位, contractor 施工总包, subcontractor 专业分包, labour 劳务分包.
    role TEXT NOT NULL CHECK (role IN ('builder', 'contractor', 'subcontractor', 'labour')),
    -- Subcontractors: a Get_constructionType value; '' for builder and contractor.
    construction_type TEXT NOT NULL DEFAULT '',
    project_leader TEXT NOT NULL DEFAULT '',
    project_leader_phone TEXT NOT NULL DEFAULT '',
    project_leader_id_number TEXT NOT NULL DEFAULT '',
    labor_leader TEXT NOT NULL DEFAULT '',
    labor_leader_phone TEXT NOT NULL DEFAULT '',
    labor_leader_id_number TEXT NOT NULL DEFAULT '',
    site_manager TEXT NOT NULL DEFAULT '',
    site_manager_phone TEXT NOT NULL DEFAULT '',
    site_manager_id_number TEXT NOT NULL DEFAULT '',
    -- Comma-joined upload URLs (/uploads/<name>), at most 9.
    contract_attachments TEXT NOT NULL DEFAULT '',
    pay_type TEXT NOT NULL DEFAULT '321',
    deposit_fen BIGINT DEFAULT NULL,
    guarantee_path TEXT NOT NULL DEFAULT '',
    guarantee_start TEXT NOT NULL DEFAULT '',
    guarantee_end TEXT NOT NULL DEFAULT '',
    entry_date TEXT NOT NULL DEFAULT '',
    exit_date TEXT NOT NULL DEFAULT '',
    -- 1 on site, 2 exited (ajax_exitall).
    status BIGINT NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
INSERT INTO project_units_new (id, project_id, company_id, role, project_leader, project_leader_phone,
    project_leader_id_number, labor_leader, labor_leader_phone, labor_leader_id_number, site_manager,
    site_manager_phone, site_manager_id_number, contract_attachments, pay_type, deposit_fen, guarantee_path,
    guarantee_start, guarantee_end, created_at, updated_at)
SELECT id, project_id, company_id, role, project_leader, project_leader_phone, project_leader_id_number,
    labor_leader, labor_leader_phone, labor_leader_id_number, site_manager, site_manager_phone,
    site_manager_id_number, contract_attachments, pay_type, deposit_fen, guarantee_path, guarantee_start,
    guarantee_end, created_at, updated_at
FROM project_units;
DROP TABLE project_units;
ALTER TABLE project_units_new RENAME TO project_units;
-- One builder and one general contractor per project.
CREATE UNIQUE INDEX project_units_single_role ON project_units (project_id, role) WHERE role IN ('builder', 'contractor');
CREATE INDEX project_units_company ON project_units (company_id);

CREATE TABLE teams (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    unit_id BIGINT NOT NULL REFERENCES project_units (id),
    name TEXT NOT NULL,
    leader_name TEXT NOT NULL DEFAULT '',
    leader_phone TEXT NOT NULL DEFAULT '',
    leader_id_number TEXT NOT NULL DEFAULT '',
    -- A work-type option value (工种).
    work_type TEXT NOT NULL DEFAULT '',
    entry_date TEXT NOT NULL DEFAULT '',
    exit_date TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (unit_id, name)
);
CREATE INDEX teams_project ON teams (project_id);

-- The person, once across all projects: what the ID card and the wage card say.
CREATE TABLE workers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- 18 characters, upper-case X, GB 11643 checksum.
    id_number TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    -- 1 male, 2 female (derived from the ID number).
    gender BIGINT NOT NULL CHECK (gender IN (1, 2)),
    ethnicity TEXT NOT NULL DEFAULT '',
    birth_date TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    issuing_authority TEXT NOT NULL DEFAULT '',
    id_valid_from TEXT NOT NULL DEFAULT '',
    -- 'YYYY-MM-DD' or '长期'.
    id_valid_to TEXT NOT NULL DEFAULT '',
    -- /uploads/<name> of the ID photo.
    photo TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    wage_card_number TEXT NOT NULL DEFAULT '',
    -- A bank code of the banks table (first level).
    wage_card_bank TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX workers_name ON workers (name);

-- A worker on a project's roster. One active employment per worker and project; a past one stays.
CREATE TABLE employments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    worker_id BIGINT NOT NULL REFERENCES workers (id),
    unit_id BIGINT NOT NULL REFERENCES project_units (id),
    team_id BIGINT REFERENCES teams (id),
    work_type TEXT NOT NULL DEFAULT '',
    -- 'day' daily rate or 'month' monthly wage; wage_fen is that rate.
    wage_kind TEXT NOT NULL DEFAULT 'day' CHECK (wage_kind IN ('day', 'month')),
    wage_fen BIGINT NOT NULL DEFAULT 0 CHECK (wage_fen >= 0),
    contract_signed BOOLEAN NOT NULL DEFAULT FALSE,
    contract_start TEXT NOT NULL DEFAULT '',
    contract_end TEXT NOT NULL DEFAULT '',
    contract_file TEXT NOT NULL DEFAULT '',
    entry_date TEXT NOT NULL,
    exit_date TEXT NOT NULL DEFAULT '',
    -- 1 on site, 2 exited.
    status BIGINT NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX employments_one_active ON employments (project_id, worker_id) WHERE status = 1;
CREATE INDEX employments_roster ON employments (project_id, status, entry_date);
CREATE INDEX employments_worker ON employments (worker_id, status);
CREATE INDEX employments_unit ON employments (unit_id);
CREATE INDEX employments_team ON employments (team_id);
