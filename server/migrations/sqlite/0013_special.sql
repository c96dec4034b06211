-- Issue 5 items 8 and 9: payment vouchers per month and unit, and the bank's arrivals kept once.
--
-- vouchers: the payment proofs (凭证) of one month (belongdate 'YYYY-MM') and one on-site unit of a project:
-- bank receipts ('receipt'), the wage sheet the workers signed ('wage_sheet') and other proofs ('other').
-- url is an upload of kind voucher of the same project (/uploads/<name>).
CREATE TABLE vouchers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id),
    company_id BIGINT NOT NULL REFERENCES companies (id),
    belongdate TEXT NOT NULL,
    category TEXT NOT NULL CHECK (category IN ('receipt', 'wage_sheet', 'other')),
    url TEXT NOT NULL,
    original_name TEXT NOT NULL DEFAULT '',
    created_by BIGINT REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    UNIQUE (project_id, url)
);
CREATE INDEX vouchers_month ON vouchers (project_id, belongdate, company_id);

-- A transfer the bank announces is recorded once, however often the announcement is repeated.
CREATE UNIQUE INDEX account_flows_bank_ref ON account_flows (bank_ref) WHERE source = 'bank' AND bank_ref <> '';
