-- Regulator accounts (issue 14): each holds a district scope and a role. `district` is a code of the
-- supervising-district tree (`Area/guanxia_list`, 4, 6 or 9 digits) and the account sees only projects whose
-- `district_code` path holds it; empty = the whole area. `regulator_role`: auditor (审核), inspector (监察),
-- manager (管理员); empty for project and finance accounts. The regulators that exist keep every power.
ALTER TABLE accounts ADD COLUMN district TEXT NOT NULL DEFAULT '';
ALTER TABLE accounts ADD COLUMN regulator_role TEXT NOT NULL DEFAULT '';
UPDATE accounts SET regulator_role = 'manager' WHERE kind = 'admin';
