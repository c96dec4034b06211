-- Issue 28: the approver's second factor is for one order. A code sent for an approval names the order and
-- amount and checks only for it (sms_codes.purpose, '' for login and phone codes); a verification allows
-- the approval of that order only (approval_verifications.order_id; rows from before never match).
ALTER TABLE sms_codes ADD COLUMN purpose TEXT NOT NULL DEFAULT '';
ALTER TABLE approval_verifications ADD COLUMN order_id BIGINT;
CREATE INDEX approval_verifications_order ON approval_verifications (account_id, order_id, used, verified_at);
