-- Issue 10: a credit record keeps who issued it. `authority` bureau: entered by the regulator (人社局) or
-- naming the bureau as issuer, corrected and revoked by the regulator only; project: entered by the
-- project, which may revoke it. Nothing is deleted: a revoked record stays, with when, by whom and why.
ALTER TABLE credit_records ADD COLUMN authority TEXT NOT NULL DEFAULT 'project' CHECK (authority IN ('bureau', 'project'));
ALTER TABLE credit_records ADD COLUMN updated_at BIGINT;
ALTER TABLE credit_records ADD COLUMN revoked_at BIGINT;
ALTER TABLE credit_records ADD COLUMN revoked_by BIGINT REFERENCES accounts (id);
ALTER TABLE credit_records ADD COLUMN revoke_reason TEXT NOT NULL DEFAULT '';

-- Existing rows: punishments and rows no project account entered (the seeded ones) or naming a labour
-- bureau are the bureau's; the rest were entered by their project.
UPDATE credit_records SET authority = 'bureau'
WHERE kind = 'punishment'
   OR account_id IS NULL
   OR account_id IN (SELECT id FROM accounts WHERE kind = 'admin')
   OR issuer LIKE '%人力资源和社会保障%'
   OR issuer LIKE '%人社局%';
