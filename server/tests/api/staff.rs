//! Management and key staff: `Staff/list`, `Staff/options`, `Staff/detail`, `Staff/save`,
//! `Staff/delete`, and `key_posts_missing` for the pay step.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};

const LIST: &str = "/builder/project/v1/Staff/list";
const OPTIONS: &str = "/builder/project/v1/Staff/options";
const DETAIL: &str = "/builder/project/v1/Staff/detail";
const SAVE: &str = "/builder/project/v1/Staff/save";
const DELETE: &str = "/builder/project/v1/Staff/delete";
const PASSWORD: &str = "Demo@12345";

/// The demo contractor unit (id 2) of project 1.
const VALID: &[(&str, &str)] = &[
    ("unit_id", "2"),
    ("post", "安全员"),
    ("name", "王安"),
    ("phone", "13800138000"),
    ("id_number", "410103199007161037"),
    ("certificate_number", "豫建安C(2020)0001"),
    ("entry_date", "2026-03-05"),
];

fn with<'a>(key: &'a str, value: &'a str) -> Vec<(&'a str, &'a str)> {
    let mut pairs: Vec<_> = VALID.iter().filter(|(k, _)| *k != key).copied().collect();
    pairs.push((key, value));
    pairs
}

/// A unit and a staff record (id 3) on the draft project 2.
async fn other_project_staff(app: &TestApp) {
    app.exec(
        "INSERT INTO companies (social_credit_code, name, created_at, updated_at) VALUES ('/', '别的项目公司', 0, 0)",
    )
    .await;
    app.exec(
        "INSERT INTO project_units (project_id, company_id, role, created_at, updated_at) \
              SELECT 2, id, 'contractor', 0, 0 FROM companies WHERE name = '别的项目公司'",
    )
    .await;
    app.exec("INSERT INTO project_staff (project_id, unit_id, post, name, phone, id_number, entry_date, created_at, updated_at) \
              SELECT 2, id, '项目经理', '李别人', '13900000000', '410105198811204016', '2026-01-01', 0, 0 FROM project_units WHERE project_id = 2").await;
}

async fn lists_the_demo_key_staff_with_filters(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let reply = app.post(LIST, Some(&demo), &[]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let data = &reply["data"];
    assert_eq!((data["total"].as_i64(), data["page"].as_i64(), data["limit"].as_i64()), (Some(2), Some(1), Some(10)));
    let labour_clerk = &data["list"][0];
    assert_eq!(labour_clerk["post"], "劳资专管员");
    assert_eq!(labour_clerk["key"], true);
    assert_eq!(labour_clerk["name"], "孙丽");
    assert_eq!(labour_clerk["unitName"], "河南省第一建筑工程集团有限责任公司");
    assert_eq!(labour_clerk["status"], 1);
    assert_eq!(labour_clerk["projectName"], "郑州市金水区幸福里安置房项目");

    let page = app.post(LIST, Some(&demo), &[("limit", "1"), ("page", "2")]).await;
    assert_eq!(page["data"]["list"][0]["post"], "项目经理");
    assert_eq!(page["data"]["total"], 2);
    assert_eq!(app.post(LIST, Some(&demo), &[("post", "项目经理")]).await["data"]["total"], 1);
    assert_eq!(app.post(LIST, Some(&demo), &[("keyword", "孙")]).await["data"]["total"], 1);
    assert_eq!(app.post(LIST, Some(&demo), &[("keyword", "410105198005")]).await["data"]["total"], 1);
    assert_eq!(app.post(LIST, Some(&demo), &[("keyword", "%")]).await["data"]["total"], 0);
    assert_eq!(app.post(LIST, Some(&demo), &[("status", "2")]).await["data"]["total"], 0);
    app.exec("UPDATE project_staff SET exit_date = '2026-04-01' WHERE name = '孙丽'").await;
    assert_eq!(app.post(LIST, Some(&demo), &[("status", "2")]).await["data"]["list"][0]["status"], 2);
    assert_eq!(app.post(LIST, Some(&demo), &[("status", "1")]).await["data"]["total"], 1);

    assert_refused(&app.post(LIST, Some(&demo), &[("page", "0")]).await, "页码应为正整数");
    assert_refused(&app.post(LIST, Some(&demo), &[("limit", "101")]).await, "每页条数应为1-100");
    assert_refused(&app.post(LIST, Some(&demo), &[("post", "厨师")]).await, "请选择正确的岗位");
    assert_refused(&app.post(LIST, Some(&demo), &[("status", "3")]).await, "请选择正确的在岗状态");
    assert_refused(&app.post(LIST, Some(&demo), &[("keyword", &"长".repeat(21))]).await, "搜索内容不能超过20个字");
}
both!(lists_the_demo_key_staff_with_filters);

async fn options_name_posts_units_and_vacant_key_posts(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let data = &app.get(OPTIONS, Some(&demo)).await["data"];
    assert_eq!(data["posts"][0], serde_json::json!({"value": "项目经理", "label": "项目经理", "key": true}));
    assert_eq!(data["posts"].as_array().map(|posts| posts.iter().filter(|p| p["key"] == true).count()), Some(2));
    assert_eq!(
        data["units"][1],
        serde_json::json!({"value": 2, "label": "河南省第一建筑工程集团有限责任公司（施工总承包单位）"})
    );
    assert_eq!(data["keyPostsMissing"], serde_json::json!([]));
    assert_eq!(wageguard::project::staff::service::key_posts_missing(&app.db, 1).await.unwrap(), Vec::<&str>::new());

    // A labour clerk who left no longer fills the post; an exit date still ahead does.
    app.exec("UPDATE project_staff SET exit_date = '2099-01-01' WHERE post = '劳资专管员'").await;
    assert_eq!(wageguard::project::staff::service::key_posts_missing(&app.db, 1).await.unwrap(), Vec::<&str>::new());
    app.exec("UPDATE project_staff SET exit_date = '2026-04-01' WHERE post = '劳资专管员'").await;
    assert_eq!(wageguard::project::staff::service::key_posts_missing(&app.db, 1).await.unwrap(), vec!["劳资专管员"]);
    assert_eq!(app.get(OPTIONS, Some(&demo)).await["data"]["keyPostsMissing"], serde_json::json!(["劳资专管员"]));
    assert_eq!(
        wageguard::project::staff::service::key_posts_missing(&app.db, 2).await.unwrap(),
        vec!["项目经理", "劳资专管员"]
    );
}
both!(options_name_posts_units_and_vacant_key_posts);

async fn adds_edits_and_deletes_with_the_log(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let reply = app.post(SAVE, Some(&demo), VALID).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["message"], "保存成功");
    let id = reply["data"]["id"].as_i64().expect("id").to_string();
    let detail = app.get(&format!("{DETAIL}?id={id}"), Some(&demo)).await["data"].clone();
    assert_eq!(detail["name"], "王安");
    assert_eq!(detail["key"], false);
    assert_eq!(detail["certificateNumber"], "豫建安C(2020)0001");
    assert_eq!(detail["exitDate"], "");
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM operation_log WHERE action = '新增管理人员' AND target_type = 'project_staff'"
        )
        .await,
        1
    );

    let mut edit = with("phone", "0371-66668888");
    edit.push(("id", &id));
    edit.push(("exit_date", "2026-05-01"));
    let reply = app.post(SAVE, Some(&demo), &edit).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let detail = &app.get(&format!("{DETAIL}?id={id}"), Some(&demo)).await["data"];
    assert_eq!(
        (detail["phone"].as_str(), detail["exitDate"].as_str(), detail["status"].as_i64()),
        (Some("0371-66668888"), Some("2026-05-01"), Some(2))
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '修改管理人员'").await, 1);
    assert_eq!(app.post(LIST, Some(&demo), &[]).await["data"]["total"], 3);

    let reply = app.post(DELETE, Some(&demo), &[("id", &id)]).await;
    assert_eq!((reply["code"].as_i64(), reply["message"].as_str()), (Some(201), Some("删除成功")));
    assert_eq!(app.post(LIST, Some(&demo), &[]).await["data"]["total"], 2);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '删除管理人员' AND detail = '安全员 王安'").await,
        1
    );
    assert_eq!(app.post(DELETE, Some(&demo), &[("id", &id)]).await["code"], 404);
    assert_eq!(app.get(&format!("{DETAIL}?id={id}"), Some(&demo)).await["code"], 404);
    assert_eq!(app.post(SAVE, Some(&demo), &with("id", &id)).await["code"], 404);
}
both!(adds_edits_and_deletes_with_the_log);

async fn every_rule_refuses_and_nothing_is_stored(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let long = "证".repeat(51);
    let cases: Vec<(&str, &str, &str)> = vec![
        ("unit_id", "", "请选择所属单位"),
        ("unit_id", "abc", "请选择本项目的参建单位"),
        ("unit_id", "999", "请选择本项目的参建单位"),
        ("post", "", "请选择岗位"),
        ("post", "厨师", "请选择正确的岗位"),
        ("name", "", "请填写姓名"),
        ("name", "王安1", "请填写规范的姓名"),
        ("phone", "", "请填写联系电话"),
        ("phone", "1380013800", "请填写正确的联系电话"),
        ("id_number", "", "请填写身份证号码"),
        ("id_number", "410103199007161036", "请填写正确的身份证号码"),
        ("certificate_number", &long, "证书编号不能超过50个字"),
        ("entry_date", "", "请选择进场日期"),
        ("entry_date", "2026-02-30", "请选择正确的日期"),
        ("exit_date", "2026-03-04", "离场日期不得早于进场日期"),
    ];
    for (key, value, message) in cases {
        let reply = app.post(SAVE, Some(&demo), &with(key, value)).await;
        assert_eq!((key, reply["message"].as_str()), (key, Some(message)), "{reply}");
        assert_eq!(reply["code"], 401);
    }
    // The same person twice in one post; a second project manager while one is in post.
    assert_refused(
        &app.post(
            SAVE,
            Some(&demo),
            &with("id_number", "41010219850308202X")
                .into_iter()
                .map(|(k, v)| if k == "post" { (k, "劳资专管员") } else { (k, v) })
                .collect::<Vec<_>>(),
        )
        .await,
        "该人员已在本项目担任此岗位",
    );
    assert_refused(
        &app.post(SAVE, Some(&demo), &with("post", "项目经理")).await,
        "本项目已有在岗的项目经理，请先为其办理离场",
    );
    // A manager who already left does not block the new one.
    let mut past = with("post", "项目经理");
    past.push(("exit_date", "2026-03-06"));
    assert_eq!(app.post(SAVE, Some(&demo), &past).await["code"], 201);
    app.exec("UPDATE project_staff SET exit_date = '2026-04-01' WHERE name = '陈国强'").await;
    assert_eq!(app.post(SAVE, Some(&demo), &with("post", "项目经理")).await["code"], 201);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM project_staff").await, 4);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE target_type = 'project_staff'").await, 2);
}
both!(every_rule_refuses_and_nothing_is_stored);

async fn scoping_keeps_projects_apart(app: &TestApp) {
    other_project_staff(app).await;
    let demo = app.login("demo", PASSWORD).await;
    // Project 2's unit and staff record (3) are never served to project 1.
    let other_unit = app.scalar("SELECT id FROM project_units WHERE project_id = 2").await.to_string();
    assert_eq!(app.post(LIST, Some(&demo), &[]).await["data"]["total"], 2);
    assert_eq!(app.post(LIST, Some(&demo), &[("projectId", "2")]).await["code"], 404);
    assert_eq!(app.get(&format!("{OPTIONS}?projectId=2"), Some(&demo)).await["code"], 404);
    assert_eq!(app.get(&format!("{DETAIL}?id=3"), Some(&demo)).await["code"], 404);
    assert_eq!(app.post(DELETE, Some(&demo), &[("id", "3")]).await["code"], 404);
    assert_eq!(app.post(SAVE, Some(&demo), &with("id", "3")).await["code"], 404);
    assert_refused(&app.post(SAVE, Some(&demo), &with("unit_id", &other_unit)).await, "请选择本项目的参建单位");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM project_staff WHERE project_id = 2 AND name = '李别人'").await, 1);

    // The regulator reads every project, one project, any record; it changes nothing.
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(app.post(LIST, Some(&admin), &[]).await["data"]["total"], 3);
    let only_two: Value = app.post(LIST, Some(&admin), &[("projectId", "2")]).await;
    assert_eq!(only_two["data"]["list"][0]["name"], "李别人");
    assert_eq!(app.get(&format!("{DETAIL}?id=3"), Some(&admin)).await["data"]["projectId"], 2);
    assert_eq!(
        app.get(&format!("{OPTIONS}?projectId=2"), Some(&admin)).await["data"]["keyPostsMissing"],
        serde_json::json!(["劳资专管员"])
    );
    assert_eq!(app.post(SAVE, Some(&admin), VALID).await["code"], 403);
    assert_eq!(app.post(DELETE, Some(&admin), &[("id", "3")]).await["code"], 403);

    let finance = app.login("finance", PASSWORD).await;
    for reply in [
        app.post(LIST, Some(&finance), &[]).await,
        app.get(OPTIONS, Some(&finance)).await,
        app.get(&format!("{DETAIL}?id=1"), Some(&finance)).await,
        app.post(SAVE, Some(&finance), VALID).await,
        app.post(DELETE, Some(&finance), &[("id", "1")]).await,
    ] {
        assert_eq!(reply["code"], 403, "{reply}");
    }
    assert_eq!(app.post(LIST, None, &[]).await["code"], 101);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM project_staff").await, 3);
}
both!(scoping_keeps_projects_apart);
