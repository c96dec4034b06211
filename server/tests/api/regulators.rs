//! Regulator accounts and scope (issue 14): the accounts a 管理员 manages, what each role may do, the
//! district scope on the endpoints that take a project, and the clerk's writes refused to every regulator.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused, regulator};

const LIST: &str = "/admin/auth/v1/Regulator/ajax_list";
const SAVE: &str = "/admin/auth/v1/Regulator/save";
const EDIT: &str = "/admin/auth/v1/Regulator/edit";
const DISABLE: &str = "/admin/auth/v1/Regulator/disable";
const ENABLE: &str = "/admin/auth/v1/Regulator/enable";
const RESET: &str = "/admin/auth/v1/Regulator/reset_password";
const USER_INFO: &str = "/builder/common/v1/Public/get";
const ROLE_REFUSED: &str = "当前监管账号的角色无权进行该操作";
const NO_PROJECT: &str = "项目不存在";

const APPROVE: &str = "/admin/audit/v1/Project/approve";
const REJECT: &str = "/admin/audit/v1/Project/reject";
const DETAIL: &str = "/admin/audit/v1/Project/detail";
const AUDIT_LIST: &str = "/admin/audit/v1/Project/list";
const PROVISION: &str = "/admin/audit/v1/Project/create_account";
const CREDIT_SAVE: &str = "/builder/faith/v1/Credit/save";
const TRANSFER: &str = "/admin/special/v1/Account/transfer";
const CALENDAR_SAVE: &str = "/admin/calendar/v1/Calendar/save";

async fn demo_project(app: &TestApp) -> String {
    app.scalar("SELECT project_id FROM accounts WHERE username = 'demo'").await.to_string()
}

async fn accounts(app: &TestApp) -> i64 {
    app.scalar("SELECT COUNT(*) FROM accounts").await
}

async fn log_lines(app: &TestApp) -> i64 {
    app.scalar("SELECT COUNT(*) FROM operation_log").await
}

fn form<'a>(username: &'a str, district: &'a str, role: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![("username", username), ("name", "赵监察"), ("phone", "13900001111"), ("district", district), ("role", role)]
}

fn bureau_record(project: &str) -> Vec<(&str, &str)> {
    vec![
        ("project_id", project),
        ("kind", "bad"),
        ("subject_type", "worker"),
        ("name", "王安"),
        ("id_number", "410103199007161037"),
        ("record_date", "2026-07-01"),
        ("reason", "酒后进入施工现场"),
        ("issuer", "郑州市金水区人力资源和社会保障局"),
    ]
}

fn transfer(project: &str) -> Vec<(&str, &str)> {
    vec![
        ("projectId", project),
        ("amount", "1000.00"),
        ("payer_name", "郑州市金水区城市建设投资有限公司"),
        ("payer_account", "1702021109000123456"),
        ("payer_bank", "中国工商银行郑州金水支行"),
        ("date", "2026-10-15"),
        ("summary", "人工费拨付"),
    ]
}

async fn a_manager_creates_edits_disables_and_resets_regulator_accounts(app: &TestApp) {
    let admin = app.login("admin", "Admin@12345").await;
    let (before, lines) = (accounts(app).await, log_lines(app).await);
    for (bad, message) in [
        (form("ab", "410105", "inspector"), "请输入4-30位字母、数字或下划线组成的账号"),
        (form("jiancha", "410105", "inspector"), "该账号已存在"),
        (form("zhaojc", "110101", "inspector"), "请选择正确的管辖区域"),
        (form("zhaojc", "41", "inspector"), "请选择正确的管辖区域"),
        (form("zhaojc", "410105", "boss"), "请选择角色"),
        (vec![("username", "zhaojc"), ("district", "410105"), ("role", "inspector")], "请填写姓名"),
    ] {
        assert_refused(&app.post(SAVE, Some(&admin), &bad).await, message);
    }
    assert_eq!((accounts(app).await, log_lines(app).await), (before, lines), "bad input changes nothing");

    let created = app.post(SAVE, Some(&admin), &form("zhaojc", "410105", "inspector")).await;
    assert_eq!(created["code"], 201, "{created}");
    let password = created["data"]["password"].as_str().expect("initial password").to_owned();
    let id = created["data"]["id"].as_i64().expect("id").to_string();
    let row = app.scalar("SELECT COUNT(*) FROM accounts WHERE username = 'zhaojc' AND kind = 'admin' AND district = '410105' AND regulator_role = 'inspector' AND must_change_password = TRUE").await;
    assert_eq!(row, 1);
    let logged = app
        .scalar(
            "SELECT COUNT(*) FROM operation_log WHERE action = '新增监管账号' AND detail LIKE '%郑州市/金水区%监察%'",
        )
        .await;
    assert_eq!(logged, 1);
    let token = app.login("zhaojc", &password).await;
    let info = app.get(USER_INFO, Some(&token)).await;
    assert_eq!(info["data"]["isupdate"], 0, "{info}");

    let list = app.post(LIST, Some(&admin), &[("keyword", "zhaojc")]).await;
    assert_eq!(list["data"]["total"], 1, "{list}");
    let line = &list["data"]["list"][0];
    assert_eq!((line["districtName"].as_str(), line["roleLabel"].as_str()), (Some("郑州市/金水区"), Some("监察")));

    let edited = app
        .post(EDIT, Some(&admin), &[("id", &id), ("name", "赵审核"), ("district", "410105001"), ("role", "auditor")])
        .await;
    assert_eq!(edited["code"], 201, "{edited}");
    let detail: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT detail FROM operation_log WHERE action = '修改监管账号'").fetch_one(pool).await)
    .unwrap();
    assert!(
        detail.contains("赵监察") && detail.contains("→") && detail.contains("赵审核") && detail.contains("审核"),
        "{detail}"
    );

    assert_eq!(app.post(DISABLE, Some(&admin), &[("id", &id)]).await["code"], 201);
    let refused = app
        .post(
            "/builder/common/v1/Public/login",
            None,
            &[("username", "zhaojc"), ("password", &crate::support::b64(&password))],
        )
        .await;
    assert_ne!(refused["code"], 201, "a disabled account cannot log in: {refused}");
    assert_eq!(app.post(ENABLE, Some(&admin), &[("id", &id)]).await["code"], 201);
    let reset = app.post(RESET, Some(&admin), &[("id", &id)]).await;
    assert_eq!(reset["code"], 201, "{reset}");
    let new_password = reset["data"]["password"].as_str().unwrap();
    assert_ne!(new_password, password);
    app.login("zhaojc", new_password).await;
    let changes = app.scalar("SELECT COUNT(*) FROM operation_log WHERE action IN ('新增监管账号', '修改监管账号', '停用监管账号', '启用监管账号', '重置监管账号密码')").await;
    assert_eq!(changes, 5);

    // The manager cannot disable itself nor lower its own role.
    let own = app.scalar("SELECT id FROM accounts WHERE username = 'admin'").await.to_string();
    assert_refused(
        &app.post(DISABLE, Some(&admin), &[("id", &own)]).await,
        "不能停用自己的账号，也不能修改自己的角色和管辖区域",
    );
    assert_eq!(app.post(RESET, Some(&admin), &[("id", "999999")]).await["code"], 404);
}
both!(a_manager_creates_edits_disables_and_resets_regulator_accounts);

async fn only_managers_manage_and_a_district_manager_only_its_district(app: &TestApp) {
    let inspector = app.login("jiancha", "Demo@12345").await;
    let demo = app.login("demo", "Demo@12345").await;
    for path in [LIST, SAVE, EDIT, DISABLE, ENABLE, RESET] {
        let reply = app.post(path, Some(&inspector), &form("zhaojc", "410105", "inspector")).await;
        assert_eq!((reply["code"].as_i64(), reply["message"].as_str()), (Some(403), Some(ROLE_REFUSED)), "{path}");
        assert_eq!(app.post(path, Some(&demo), &form("zhaojc", "410105", "inspector")).await["code"], 403, "{path}");
    }
    let county = regulator(app, "jinshui_admin", "410105", "manager").await;
    let before = accounts(app).await;
    for district in ["410102", "", "4101"] {
        assert_refused(
            &app.post(SAVE, Some(&county), &form("zhaojc", district, "inspector")).await,
            "只能在本账号的管辖区域内设置监管账号",
        );
    }
    assert_eq!(accounts(app).await, before);
    assert_eq!(app.post(SAVE, Some(&county), &form("zhaojc", "410105001", "inspector")).await["code"], 201);
    let listed = app.post(LIST, Some(&county), &[("limit", "100")]).await;
    let names: Vec<&str> =
        listed["data"]["list"].as_array().unwrap().iter().map(|line| line["username"].as_str().unwrap()).collect();
    assert!(names.contains(&"jiancha") && names.contains(&"zhaojc") && !names.contains(&"admin"), "{names:?}");
    let whole_area = app.scalar("SELECT id FROM accounts WHERE username = 'admin'").await.to_string();
    assert_eq!(app.post(RESET, Some(&county), &[("id", &whole_area)]).await["code"], 404);

    let info = app.get(USER_INFO, Some(&inspector)).await;
    assert_eq!(info["data"]["district"], "410105", "{info}");
    assert_eq!(info["data"]["districtName"], "郑州市/金水区");
    assert_eq!(info["data"]["regulatorRole"], "inspector");
    assert!(app.get(USER_INFO, Some(&demo)).await["data"].get("regulatorRole").is_none());
}
both!(only_managers_manage_and_a_district_manager_only_its_district);

/// Whether a reply is the role refusal.
fn role_refused(reply: &Value) -> bool {
    reply["code"] == 403 && reply["message"] == ROLE_REFUSED
}

/// A regulator action: its path, its form, and whether 审核, 监察 and 管理员 may do it.
type Action<'a> = (&'a str, Vec<(&'a str, &'a str)>, [bool; 3]);

async fn each_role_does_its_own_regulator_actions(app: &TestApp) {
    let project = demo_project(app).await;
    let draft = app.scalar("SELECT project_id FROM accounts WHERE username = 'newsite'").await.to_string();
    let auditor = regulator(app, "shenhe", "", "auditor").await;
    let inspector = regulator(app, "jiancha_all", "", "inspector").await;
    let manager = regulator(app, "guanli", "", "manager").await;
    let district_manager = regulator(app, "guanli105", "410105", "manager").await;
    let provision = [("username", "newclerk"), ("name", "钱新"), ("projectname", "矩阵项目")];
    // (action, auditor, inspector, manager) allowed.
    let actions: Vec<Action> = vec![
        (APPROVE, vec![("id", draft.as_str())], [true, false, true]),
        (REJECT, vec![("id", draft.as_str()), ("auditremark", "材料不全")], [true, false, true]),
        (PROVISION, provision.to_vec(), [true, false, true]),
        (CREDIT_SAVE, bureau_record(&project), [false, true, true]),
        (TRANSFER, transfer(&project), [false, true, true]),
        (CALENDAR_SAVE, vec![("day", "2027-01-02"), ("kind", "off"), ("name", "元旦")], [false, false, true]),
    ];
    for (path, form, allowed) in &actions {
        for (token, allowed, who) in
            [(&auditor, allowed[0], "审核"), (&inspector, allowed[1], "监察"), (&manager, allowed[2], "管理员")]
        {
            let reply = app.post(path, Some(token), form).await;
            assert_eq!(!role_refused(&reply), allowed, "{who} on {path}: {reply}");
        }
    }
    // Unlocking a company the wizard locked goes with the audit.
    let company = app.scalar("SELECT MIN(company_id) FROM project_units WHERE project_id = (SELECT project_id FROM accounts WHERE username = 'demo')").await.to_string();
    let unlock = [("id", company.as_str()), ("project_id", project.as_str()), ("reason", "核实后解锁")];
    for (token, allowed) in [(&auditor, true), (&inspector, false), (&manager, true)] {
        let reply = app.post("/admin/company/v1/Company/unlock", Some(token), &unlock).await;
        assert_eq!(!role_refused(&reply), allowed, "{reply}");
    }
    // The calendar holds for every district: a district 管理员 may not change it.
    let reply = app
        .post(CALENDAR_SAVE, Some(&district_manager), &[("day", "2027-01-03"), ("kind", "off"), ("name", "元旦")])
        .await;
    assert!(role_refused(&reply), "{reply}");
    // Reading stays open to every role.
    for token in [&auditor, &inspector, &manager] {
        assert_eq!(app.post(AUDIT_LIST, Some(token), &[]).await["code"], 201);
        assert_eq!(app.get(&format!("{DETAIL}?id={project}"), Some(token)).await["code"], 201);
    }
}
both!(each_role_does_its_own_regulator_actions);

async fn a_district_regulator_reaches_only_its_districts_projects(app: &TestApp) {
    let project = demo_project(app).await;
    assert_eq!(app.scalar("SELECT COUNT(*) FROM projects WHERE district_code LIKE '%410105%' AND id = (SELECT project_id FROM accounts WHERE username = 'demo')").await, 1);
    let inside = app.login("jiancha", "Demo@12345").await;
    let outside = regulator(app, "jiancha102", "410102", "inspector").await;
    let township = regulator(app, "jiancha105001", "410105001", "inspector").await;
    let unscoped = app.login("admin", "Admin@12345").await;
    let team_list = format!("/builder/team/v1/Team/ajax_list?projectId={project}");
    let detail = format!("{DETAIL}?id={project}");
    for token in [&inside, &township, &unscoped] {
        assert_eq!(app.post(&team_list, Some(token), &[]).await["code"], 201);
        assert_eq!(app.get(&detail, Some(token)).await["code"], 201);
    }
    for reply in [app.post(&team_list, Some(&outside), &[]).await, app.get(&detail, Some(&outside)).await] {
        assert_eq!((reply["code"].as_i64(), reply["message"].as_str()), (Some(404), Some(NO_PROJECT)), "{reply}");
    }
    // Without a project, a district account is asked to choose one; the whole area keeps "all projects".
    let credit_list = "/builder/faith/v1/Credit/list";
    assert_refused(&app.post(credit_list, Some(&inside), &[("kind", "bad")]).await, "请选择项目");
    assert_eq!(app.post(credit_list, Some(&unscoped), &[("kind", "bad")]).await["code"], 201);
    // The operation log: one project of the district at a time.
    let log = "/admin/oplog/v1/Log/ajax_list";
    assert_refused(&app.get(log, Some(&inside)).await, "请选择项目");
    assert_eq!(app.get(&format!("{log}?project_id={project}"), Some(&inside)).await["code"], 201);
    assert_eq!(app.get(&format!("{log}?project_id={project}"), Some(&outside)).await["code"], 404);
    assert_eq!(app.get(log, Some(&unscoped)).await["code"], 201);
    // The audit list holds only the district's projects.
    let listed = app.post(AUDIT_LIST, Some(&outside), &[]).await;
    assert_eq!(listed["data"]["total"], 0, "{listed}");
    let listed = app.post(AUDIT_LIST, Some(&inside), &[]).await;
    assert!(
        listed["data"]["list"]
            .as_array()
            .unwrap()
            .iter()
            .any(|row| row["id"].as_i64().map(|id| id.to_string()) == Some(project.clone())),
        "{listed}"
    );

    // Out of the district, the regulator's actions answer 404 and change nothing.
    let outside_manager = regulator(app, "guanli102", "410102", "manager").await;
    let (credit, flows, lines) = (
        app.scalar("SELECT COUNT(*) FROM credit_records").await,
        app.scalar("SELECT COUNT(*) FROM account_flows").await,
        log_lines(app).await,
    );
    for (path, form) in [
        (CREDIT_SAVE, bureau_record(&project)),
        (TRANSFER, transfer(&project)),
        (APPROVE, vec![("id", project.as_str())]),
        (REJECT, vec![("id", project.as_str()), ("auditremark", "材料不全")]),
    ] {
        let reply = app.post(path, Some(&outside_manager), &form).await;
        assert_eq!(reply["code"], 404, "{path}: {reply}");
    }
    let credit_id = app.scalar("SELECT MIN(id) FROM credit_records").await.to_string();
    let reply = app.get(&format!("/builder/faith/v1/Credit/detail?id={credit_id}"), Some(&outside)).await;
    assert_eq!(reply["code"], 404, "{reply}");
    assert_eq!(
        (
            app.scalar("SELECT COUNT(*) FROM credit_records").await,
            app.scalar("SELECT COUNT(*) FROM account_flows").await,
            log_lines(app).await
        ),
        (credit, flows, lines)
    );
    // In the district, the same record goes through.
    assert_eq!(app.post(CREDIT_SAVE, Some(&inside), &bureau_record(&project)).await["code"], 201);
    assert_eq!(app.get(&format!("/builder/faith/v1/Credit/detail?id={credit_id}"), Some(&inside)).await["code"], 201);

    // A district auditor's new project account starts in its district.
    let auditor = regulator(app, "shenhe105", "410105", "auditor").await;
    let created = app
        .post(PROVISION, Some(&auditor), &[("username", "clerk105"), ("name", "钱新"), ("projectname", "金水新项目")])
        .await;
    assert_eq!(created["code"], 201, "{created}");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM projects WHERE name = '金水新项目' AND district_code = '4101,410105'").await,
        1
    );
}
both!(a_district_regulator_reaches_only_its_districts_projects);

async fn clerk_writes_are_refused_to_regulators(app: &TestApp) {
    let project = demo_project(app).await;
    let inspector = app.login("jiancha", "Demo@12345").await;
    let manager = app.login("admin", "Admin@12345").await;
    let lines = log_lines(app).await;
    let teams = app.scalar("SELECT COUNT(*) FROM teams").await;
    for token in [&inspector, &manager] {
        let reply = app
            .post(
                "/builder/team/v1/Team/ajax_save",
                Some(token),
                &[
                    ("project_id", &project),
                    ("name", "越权班组"),
                    ("leader_name", "王安"),
                    ("leader_phone", "13900001111"),
                ],
            )
            .await;
        assert_eq!(
            (reply["code"].as_i64(), reply["message"].as_str()),
            (Some(403), Some("监管部门账号只能查看，不能修改项目数据")),
            "{reply}"
        );
    }
    assert_eq!((app.scalar("SELECT COUNT(*) FROM teams").await, log_lines(app).await), (teams, lines));
}
both!(clerk_writes_are_refused_to_regulators);
