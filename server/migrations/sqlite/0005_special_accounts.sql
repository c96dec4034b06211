-- Wizard step 4: the project's special wage account (spec §3 accountForm), the last successful bank
-- verification per project (the save requires it), and the bank tree of the account form.
--
-- banks: first level = the bank (PBoC 3-digit bank category code), second level = its branches (12-digit
-- CNAPS 行号: bank + city 4910 郑州 + branch + check digit). Seeded here with the major national banks and a few
-- branches in the site's default city (郑州) so a fresh install works; a real deployment loads the PBoC
-- bank-branch list (大小额支付系统行名行号) into this table instead (docs/decisions.md, "Step 4").
CREATE TABLE banks (
    code TEXT PRIMARY KEY,
    parent_code TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    sort BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX banks_parent ON banks (parent_code, sort);

INSERT INTO banks (code, parent_code, name, sort) VALUES
('102', '', '中国工商银行', 1),
('102491000011', '102', '中国工商银行郑州金水支行', 1),
('102491000021', '102', '中国工商银行郑州二七支行', 2),
('102491000031', '102', '中国工商银行郑州中原支行', 3),
('102491000041', '102', '中国工商银行郑州郑东新区支行', 4),
('103', '', '中国农业银行', 2),
('103491000011', '103', '中国农业银行郑州郑东新区支行', 1),
('103491000021', '103', '中国农业银行郑州管城支行', 2),
('103491000031', '103', '中国农业银行郑州高新技术开发区支行', 3),
('103491000041', '103', '中国农业银行郑州经济技术开发区支行', 4),
('104', '', '中国银行', 3),
('104491000011', '104', '中国银行郑州经济技术开发区支行', 1),
('104491000021', '104', '中国银行郑州航空港区支行', 2),
('104491000031', '104', '中国银行郑州金水支行', 3),
('104491000041', '104', '中国银行郑州二七支行', 4),
('105', '', '中国建设银行', 4),
('105491000011', '105', '中国建设银行郑州二七支行', 1),
('105491000021', '105', '中国建设银行郑州中原支行', 2),
('105491000031', '105', '中国建设银行郑州郑东新区支行', 3),
('105491000041', '105', '中国建设银行郑州管城支行', 4),
('301', '', '交通银行', 5),
('301491000011', '301', '交通银行郑州管城支行', 1),
('301491000021', '301', '交通银行郑州高新技术开发区支行', 2),
('301491000031', '301', '交通银行郑州经济技术开发区支行', 3),
('301491000041', '301', '交通银行郑州航空港区支行', 4),
('302', '', '中信银行', 6),
('302491000011', '302', '中信银行郑州航空港区支行', 1),
('302491000021', '302', '中信银行郑州金水支行', 2),
('302491000031', '302', '中信银行郑州二七支行', 3),
('302491000041', '302', '中信银行郑州中原支行', 4),
('303', '', '中国光大银行', 7),
('303491000011', '303', '中国光大银行郑州中原支行', 1),
('303491000021', '303', '中国光大银行郑州郑东新区支行', 2),
('303491000031', '303', '中国光大银行郑州管城支行', 3),
('303491000041', '303', '中国光大银行郑州高新技术开发区支行', 4),
('304', '', '华夏银行', 8),
('304491000011', '304', '华夏银行郑州高新技术开发区支行', 1),
('304491000021', '304', '华夏银行郑州经济技术开发区支行', 2),
('304491000031', '304', '华夏银行郑州航空港区支行', 3),
('304491000041', '304', '华夏银行郑州金水支行', 4),
('305', '', '中国民生银行', 9),
('305491000011', '305', '中国民生银行郑州金水支行', 1),
('305491000021', '305', '中国民生银行郑州二七支行', 2),
('305491000031', '305', '中国民生银行郑州中原支行', 3),
('305491000041', '305', '中国民生银行郑州郑东新区支行', 4),
('306', '', '广发银行', 10),
('306491000011', '306', '广发银行郑州郑东新区支行', 1),
('306491000021', '306', '广发银行郑州管城支行', 2),
('306491000031', '306', '广发银行郑州高新技术开发区支行', 3),
('306491000041', '306', '广发银行郑州经济技术开发区支行', 4),
('307', '', '平安银行', 11),
('307491000011', '307', '平安银行郑州经济技术开发区支行', 1),
('307491000021', '307', '平安银行郑州航空港区支行', 2),
('307491000031', '307', '平安银行郑州金水支行', 3),
('307491000041', '307', '平安银行郑州二七支行', 4),
('308', '', '招商银行', 12),
('308491000011', '308', '招商银行郑州二七支行', 1),
('308491000021', '308', '招商银行郑州中原支行', 2),
('308491000031', '308', '招商银行郑州郑东新区支行', 3),
('308491000041', '308', '招商银行郑州管城支行', 4),
('309', '', '兴业银行', 13),
('309491000011', '309', '兴业银行郑州管城支行', 1),
('309491000021', '309', '兴业银行郑州高新技术开发区支行', 2),
('309491000031', '309', '兴业银行郑州经济技术开发区支行', 3),
('309491000041', '309', '兴业银行郑州航空港区支行', 4),
('310', '', '上海浦东发展银行', 14),
('310491000011', '310', '上海浦东发展银行郑州航空港区支行', 1),
('310491000021', '310', '上海浦东发展银行郑州金水支行', 2),
('310491000031', '310', '上海浦东发展银行郑州二七支行', 3),
('310491000041', '310', '上海浦东发展银行郑州中原支行', 4),
('403', '', '中国邮政储蓄银行', 15),
('403491000011', '403', '中国邮政储蓄银行郑州中原支行', 1),
('403491000021', '403', '中国邮政储蓄银行郑州郑东新区支行', 2),
('403491000031', '403', '中国邮政储蓄银行郑州管城支行', 3),
('403491000041', '403', '中国邮政储蓄银行郑州高新技术开发区支行', 4);

-- One special account per project. open_status 1 opened / 2 not opened. Recurl / Agreementurl hold the
-- comma-joined upload URLs. account_status '1' = opened and verified with the bank.
CREATE TABLE special_accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL UNIQUE REFERENCES projects (id),
    open_status BIGINT NOT NULL CHECK (open_status IN (1, 2)),
    bank_account TEXT NOT NULL DEFAULT '',
    account_name TEXT NOT NULL DEFAULT '',
    bank_code TEXT NOT NULL DEFAULT '',
    branch_code TEXT NOT NULL DEFAULT '',
    open_time TEXT NOT NULL DEFAULT '',
    open_company_type TEXT NOT NULL DEFAULT '',
    open_company_name TEXT NOT NULL DEFAULT '',
    social_credit_code TEXT NOT NULL DEFAULT '',
    recurl TEXT NOT NULL DEFAULT '',
    agreementurl TEXT NOT NULL DEFAULT '',
    is_virtual BOOLEAN NOT NULL DEFAULT FALSE,
    admin_name TEXT NOT NULL DEFAULT '',
    admin_phone TEXT NOT NULL DEFAULT '',
    appointment TEXT NOT NULL DEFAULT '',
    account_status TEXT NOT NULL DEFAULT '0',
    verified_at BIGINT DEFAULT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- The last verification the bank answered 201 (outcome 'verified') or 301 (outcome 'doubtful') per project.
CREATE TABLE account_verifications (
    project_id BIGINT PRIMARY KEY REFERENCES projects (id),
    bank_account TEXT NOT NULL,
    account_name TEXT NOT NULL,
    bank_code TEXT NOT NULL,
    branch_code TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('verified', 'doubtful')),
    open_date TEXT NOT NULL DEFAULT '',
    verified_at BIGINT NOT NULL
);
