-- Registration wizard step 1 (the project's stepForm). Option fields hold the option's value code
-- ('' = not chosen); area paths are comma-joined codes; dates are 'YYYY-MM-DD' ('' = empty);
-- the contract price is integer fen (NULL = not filled); end_time is the duration in days.
ALTER TABLE projects ADD COLUMN project_type TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN money_source TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN department_industry_id TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN district_code TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN district_ccode TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN selected_options TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN latlng TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN contract_price_fen BIGINT DEFAULT NULL;
ALTER TABLE projects ADD COLUMN start_time TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN completion_date TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN end_time BIGINT DEFAULT NULL;
ALTER TABLE projects ADD COLUMN gc_process TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN project_desc TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN tender_time TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN winning_time TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN region TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN wizard_step BIGINT NOT NULL DEFAULT 1;
ALTER TABLE projects ADD COLUMN submitted_at BIGINT DEFAULT NULL;
-- Comma-joined stepForm field names the regulator has fixed (read-only for the builder): any of
-- Name, DistrictCode, ContractPrice, DepartmentIndustryId, EndTime, GcProcess.
ALTER TABLE projects ADD COLUMN regulator_fields TEXT NOT NULL DEFAULT '';
