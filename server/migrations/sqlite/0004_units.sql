-- Registration wizard steps 2 and 3: companies (by unified social credit code) and their part in a
-- project (builder = 建设单位, contractor = 施工总包单位). Texts default ''; dates 'YYYY-MM-DD' ('' = empty);
-- registered_area is the comma-joined province/city/county path; money is integer fen.
CREATE TABLE companies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- 18 upper-case characters, or '/' for a unit without one (never shared, never looked up).
    social_credit_code TEXT NOT NULL,
    name TEXT NOT NULL,
    registered_area TEXT NOT NULL DEFAULT '',
    register_date TEXT NOT NULL DEFAULT '',
    registered_address TEXT NOT NULL DEFAULT '',
    legal_person TEXT NOT NULL DEFAULT '',
    legal_person_phone TEXT NOT NULL DEFAULT '',
    legal_person_id_number TEXT NOT NULL DEFAULT '',
    office_address TEXT NOT NULL DEFAULT '',
    -- A company_type option value (ProvinceCompanyType).
    company_type TEXT NOT NULL DEFAULT '',
    -- Company info is locked once saved: later saves keep the stored fields.
    locked BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX companies_credit_code ON companies (social_credit_code) WHERE social_credit_code <> '/';
CREATE INDEX companies_name ON companies (name);

CREATE TABLE project_units (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    company_id BIGINT NOT NULL REFERENCES companies (id),
    role TEXT NOT NULL CHECK (role IN ('builder', 'contractor')),
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
    -- A depositmethod option value.
    pay_type TEXT NOT NULL DEFAULT '321',
    deposit_fen BIGINT DEFAULT NULL,
    guarantee_path TEXT NOT NULL DEFAULT '',
    guarantee_start TEXT NOT NULL DEFAULT '',
    guarantee_end TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (project_id, role)
);
CREATE INDEX project_units_company ON project_units (company_id);
