-- The operation log's project (issue 14, the regulator's log viewer): which project a line is about, so the log
-- filters by project. New lines take the acting account's project, or the project a regulator acted on
-- (`oplog::Entry::project`). The lines already written take what they allow: the account's project for
-- project and finance accounts, else the project of the record they name where that record has one.
ALTER TABLE operation_log ADD COLUMN project_id BIGINT;
CREATE INDEX operation_log_project ON operation_log (project_id, id);
CREATE INDEX operation_log_action ON operation_log (action, id);
UPDATE operation_log SET project_id = (SELECT a.project_id FROM accounts a WHERE a.id = operation_log.account_id
    AND a.kind IN ('builder', 'finance'))
WHERE account_id IS NOT NULL;
UPDATE operation_log SET project_id = CASE target_type
    WHEN 'project' THEN (SELECT p.id FROM projects p WHERE p.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'punches' THEN (SELECT p.id FROM projects p WHERE p.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'attendance_rules' THEN (SELECT p.id FROM projects p WHERE p.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'project_unit' THEN (SELECT r.project_id FROM project_units r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'team' THEN (SELECT r.project_id FROM teams r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'employment' THEN (SELECT r.project_id FROM employments r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'guarantee_change' THEN (SELECT r.project_id FROM guarantee_changes r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'project_staff' THEN (SELECT r.project_id FROM project_staff r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'credit_record' THEN (SELECT r.project_id FROM credit_records r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'training' THEN (SELECT r.project_id FROM trainings r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'account_flow' THEN (SELECT r.project_id FROM account_flows r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'attendance_device' THEN (SELECT r.project_id FROM attendance_devices r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'wage_sheet' THEN (SELECT r.project_id FROM wage_sheets r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'wage_order' THEN (SELECT r.project_id FROM wage_orders r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'voucher' THEN (SELECT r.project_id FROM vouchers r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'wage_line' THEN (SELECT r.project_id FROM wage_lines r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
    WHEN 'wage_adjustment' THEN (SELECT r.project_id FROM wage_adjustments r WHERE r.id = CAST(operation_log.target_id AS BIGINT))
END
WHERE project_id IS NULL AND target_type IN ('project', 'punches', 'attendance_rules', 'project_unit', 'team', 'employment', 'guarantee_change', 'project_staff', 'credit_record', 'training', 'account_flow', 'attendance_device', 'wage_sheet', 'wage_order', 'voucher', 'wage_line', 'wage_adjustment')
    -- Only numeric ids are cast (a text id would fail the cast).
    AND target_id ~ '^[0-9]{1,18}$';

-- The audit decision: when and by whom (the account's login name) a registration was approved or rejected,
-- taken for the decisions already made from their log lines. `submitted_at` of projects approved before it
-- was kept is taken from their submission's line the same way.
ALTER TABLE projects ADD COLUMN decided_at BIGINT;
ALTER TABLE projects ADD COLUMN decided_by TEXT NOT NULL DEFAULT '';
UPDATE projects SET decided_at = (SELECT l.created_at FROM operation_log l WHERE l.target_type = 'project' AND l.target_id = CAST(projects.id AS TEXT) AND l.action IN ('审核通过', '审核驳回') ORDER BY l.id DESC LIMIT 1),
    decided_by = COALESCE((SELECT l.account_name FROM operation_log l WHERE l.target_type = 'project' AND l.target_id = CAST(projects.id AS TEXT) AND l.action IN ('审核通过', '审核驳回') ORDER BY l.id DESC LIMIT 1), '')
WHERE audit_status IN ('2', '3');
UPDATE projects SET submitted_at = (SELECT MAX(l.created_at) FROM operation_log l WHERE l.target_type = 'project'
    AND l.target_id = CAST(projects.id AS TEXT) AND l.action = '提交审核')
WHERE submitted_at IS NULL;
