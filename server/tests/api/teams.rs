//! Teams (班组): `/builder/team/v1/Team/{ajax_list,ajax_save,ajax_exit,ajax_delete}` and the work types.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};

const LIST: &str = "/builder/team/v1/Team/ajax_list";
const SAVE: &str = "/builder/team/v1/Team/ajax_save";
const EXIT: &str = "/builder/team/v1/Team/ajax_exit";
const DELETE: &str = "/builder/team/v1/Team/ajax_delete";
const WORK_TYPES: &str = "/builder/common/v1/Site/workTypes";
const UNITS: &str = "/builder/company/v1/Company/construction_list";
const PASSWORD: &str = "Demo@12345";

type Form = Vec<(&'static str, String)>;

async fn send(app: &TestApp, path: &str, token: &str, form: &Form) -> Value {
    let pairs: Vec<(&str, &str)> = form.iter().map(|(key, value)| (*key, value.as_str())).collect();
    app.post(path, Some(token), &pairs).await
}

fn with(base: &Form, changes: &[(&'static str, &str)]) -> Form {
    let mut form = base.clone();
    for (key, value) in changes {
        form.retain(|(existing, _)| existing != key);
        form.push((key, (*value).to_owned()));
    }
    form
}

async fn unit(app: &TestApp, token: &str, query: &str) -> String {
    let reply = app.get(&format!("{UNITS}?{query}"), Some(token)).await;
    reply["data"]["list"][0]["id"].as_i64().unwrap_or_else(|| panic!("{query}: {reply}")).to_string()
}

fn team_form(unit_id: &str) -> Form {
    [
        ("unit_id", unit_id),
        ("name", "架子工班"),
        ("leader_name", "欧阳建"),
        ("leader_phone", "13700137000"),
        ("leader_id_number", "410102199003074327"),
        ("work_type", "7"),
        ("entry_date", "2026-03-15"),
    ]
    .iter()
    .map(|(key, value)| (*key, (*value).to_owned()))
    .collect()
}

async fn teams(app: &TestApp, token: &str, form: &[(&str, &str)]) -> Value {
    let reply = app.post(LIST, Some(token), form).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

async fn team_id(app: &TestApp, token: &str, name: &str) -> String {
    teams(app, token, &[("name", name)]).await["list"][0]["id"].to_string()
}

async fn log_lines(app: &TestApp, action: &'static str) -> i64 {
    let sql: &'static str =
        Box::leak(format!("SELECT COUNT(*) FROM operation_log WHERE action = '{action}'").into_boxed_str());
    app.scalar(sql).await
}

/// A worker employed in 钢筋班 (no worker API yet: straight into the tables).
async fn employ_in_rebar_team(app: &TestApp, status: &'static str) {
    app.exec("INSERT INTO workers (id_number, name, gender, created_at, updated_at) VALUES ('110105194912310029', '马小红', 2, 0, 0)").await;
    let sql: &'static str = Box::leak(
        format!(
            "INSERT INTO employments (project_id, worker_id, unit_id, team_id, entry_date, status, created_at, updated_at) \
             SELECT t.project_id, (SELECT id FROM workers WHERE id_number = '110105194912310029'), t.unit_id, t.id, '2026-03-06', {status}, 0, 0 \
             FROM teams t WHERE t.name = '钢筋班'"
        )
        .into_boxed_str(),
    );
    app.exec(sql).await;
}

async fn the_demo_teams_are_listed_and_filtered(app: &TestApp) {
    app.without_demo_roster().await;
    let token = app.login("demo", PASSWORD).await;
    let data = teams(app, &token, &[]).await;
    assert_eq!(data["total"], 3, "{data}");
    let names: Vec<&str> = data["list"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["混凝土班", "木工班", "钢筋班"], "newest first");
    let rebar = &data["list"][2];
    assert_eq!(rebar["work_type"], "3");
    assert_eq!(rebar["work_type_label"], "钢筋工");
    assert_eq!(rebar["unit_name"], "河南省第一建筑工程集团有限责任公司");
    assert_eq!(rebar["unit_role_label"], "施工总包");
    assert_eq!(rebar["status"], 1);
    assert_eq!(rebar["status_label"], "在场");
    assert_eq!(rebar["worker_count"], 0);
    assert_eq!(data["list"][1]["work_type_label"], "木工");
    assert_eq!(data["list"][0]["work_type_label"], "混凝土工");

    let contractor = unit(app, &token, "type=contractor").await;
    assert_eq!(teams(app, &token, &[("unit_id", &contractor)]).await["total"], 3);
    let labour = unit(app, &token, "type=labour").await;
    assert_eq!(teams(app, &token, &[("unit_id", &labour)]).await["total"], 0);
    assert_eq!(teams(app, &token, &[("name", "木工")]).await["total"], 1);
    assert_eq!(teams(app, &token, &[("name", "_")]).await["total"], 0, "wildcards are literal");
    assert_eq!(teams(app, &token, &[("status", "2")]).await["total"], 0);
    assert_eq!(teams(app, &token, &[("status", "1")]).await["total"], 3);
    let page = teams(app, &token, &[("page", "2"), ("limit", "2")]).await;
    assert_eq!(page["list"].as_array().unwrap().len(), 1);
    assert_eq!(page["total"], 3);
    assert_refused(&app.post(LIST, Some(&token), &[("page", "-1")]).await, "页码应为正整数");
    assert_refused(&app.post(LIST, Some(&token), &[("limit", "0")]).await, "每页条数应为1-100");
    assert_refused(&app.post(LIST, Some(&token), &[("status", "x")]).await, "请选择正确的进退场状态");
    assert_refused(&app.post(LIST, Some(&token), &[("unit_id", "x")]).await, "请选择正确的所属单位");

    let types = app.get(WORK_TYPES, Some(&token)).await;
    assert_eq!(types["data"][2]["label"], "钢筋工");
}
both!(the_demo_teams_are_listed_and_filtered);

async fn a_team_is_added_and_edited_by_the_rules(app: &TestApp) {
    app.without_demo_roster().await;
    let token = app.login("demo", PASSWORD).await;
    let contractor = unit(app, &token, "type=contractor").await;
    let sub = unit(app, &token, "type=subcontractor").await;
    let form = team_form(&contractor);
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("unit_id", "")])).await, "请选择所属单位");
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("unit_id", "abc")])).await, "请选择正确的所属单位");
    assert_eq!(send(app, SAVE, &token, &with(&form, &[("unit_id", "999999")])).await["code"], 404);
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("name", "  ")])).await, "请填写班组名称");
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("name", &"班".repeat(51))])).await,
        "班组名称不能超过50个字",
    );
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("name", "钢筋班")])).await, "该单位下已有同名班组");
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("leader_name", "1")])).await, "请填写规范的姓名");
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("leader_phone", "")])).await, "请填写联系电话");
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("leader_phone", "02112345678")])).await,
        "请填写正确的联系电话",
    );
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("leader_id_number", "410102199003074328")])).await,
        "请填写正确的身份证号码",
    );
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("work_type", "")])).await, "请选择工种");
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("work_type", "100")])).await, "请选择正确的工种");
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("entry_date", "")])).await, "请选择进场日期");
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("entry_date", "2026-13-01")])).await, "请选择正确的日期");
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("unit_id", &sub), ("entry_date", "2026-03-09")])).await,
        "班组进场日期不能早于所属单位的进场日期（2026-03-10）",
    );
    assert_eq!(teams(app, &token, &[]).await["total"], 3, "nothing stored");

    let reply = send(app, SAVE, &token, &form).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let id = reply["data"]["id"].to_string();
    assert_eq!(log_lines(app, "新增班组").await, 1);
    // The same name under another unit is fine.
    assert_eq!(
        send(app, SAVE, &token, &with(&form, &[("unit_id", &sub), ("entry_date", "2026-03-10")])).await["code"],
        201
    );

    let edit =
        with(&form, &[("id", &id), ("name", "外架班"), ("leader_id_number", "11010519491231002x"), ("work_type", "1")]);
    let reply = send(app, SAVE, &token, &edit).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let saved = teams(app, &token, &[("name", "外架班")]).await["list"][0].clone();
    assert_eq!(saved["id"].to_string(), id);
    assert_eq!(saved["leader_id_number"], "1101**********002X", "the list masks it");
    let detail = app.get(&format!("/builder/team/v1/Team/detail?id={id}"), Some(&token)).await;
    assert_eq!(detail["data"]["leader_id_number"], "11010519491231002X", "the edit form's source is full");
    assert_eq!(saved["work_type_label"], "普工");
    assert_eq!(log_lines(app, "修改班组").await, 1);
    assert_refused(&send(app, SAVE, &token, &with(&edit, &[("name", "木工班")])).await, "该单位下已有同名班组");
    assert_eq!(send(app, SAVE, &token, &with(&edit, &[("id", "999999")])).await["code"], 404);

    // A team with workers keeps its unit.
    employ_in_rebar_team(app, "1").await;
    let rebar = teams(app, &token, &[("name", "钢筋班")]).await["list"][0].clone();
    assert_eq!(rebar["worker_count"], 1);
    let rebar_edit =
        with(&team_form(&sub), &[("id", &rebar["id"].to_string()), ("name", "钢筋班"), ("entry_date", "2026-03-10")]);
    assert_refused(&send(app, SAVE, &token, &rebar_edit).await, "该班组下还有工人，不能更换所属单位");
}
both!(a_team_is_added_and_edited_by_the_rules);

async fn teams_exit_and_are_deleted_only_without_workers(app: &TestApp) {
    app.without_demo_roster().await;
    let token = app.login("demo", PASSWORD).await;
    let rebar = team_id(app, &token, "钢筋班").await;
    let carpentry = team_id(app, &token, "木工班").await;
    employ_in_rebar_team(app, "1").await;
    assert_refused(&app.post(EXIT, Some(&token), &[("id", &carpentry)]).await, "请选择退场日期");
    assert_refused(&app.post(EXIT, Some(&token), &[("exit_date", "2026-05-01")]).await, "请选择班组");
    assert_refused(
        &app.post(EXIT, Some(&token), &[("id", &carpentry), ("exit_date", "2999-01-01")]).await,
        "退场日期不能晚于今天",
    );
    assert_refused(
        &app.post(EXIT, Some(&token), &[("id", &carpentry), ("exit_date", "2026-03-04")]).await,
        "退场日期不能早于进场日期",
    );
    assert_refused(
        &app.post(EXIT, Some(&token), &[("id", &rebar), ("exit_date", "2026-05-01")]).await,
        "该班组还有1名工人在场，不能退场",
    );
    assert_eq!(app.post(EXIT, Some(&token), &[("id", "999999"), ("exit_date", "2026-05-01")]).await["code"], 404);
    let reply = app.post(EXIT, Some(&token), &[("id", &carpentry), ("exit_date", "2026-03-05")]).await;
    assert_eq!(reply["code"], 201, "the entry day itself: {reply}");
    let exited = teams(app, &token, &[("status", "2")]).await;
    assert_eq!(exited["total"], 1);
    assert_eq!(exited["list"][0]["exit_date"], "2026-03-05");
    assert_eq!(exited["list"][0]["status_label"], "已退场");
    assert_refused(
        &app.post(EXIT, Some(&token), &[("id", &carpentry), ("exit_date", "2026-05-01")]).await,
        "该班组已退场",
    );
    assert_eq!(log_lines(app, "班组退场").await, 1);
    // An exited team's entry date stays before its exit.
    let contractor = unit(app, &token, "type=contractor").await;
    let edit = with(&team_form(&contractor), &[("id", &carpentry), ("name", "木工班"), ("entry_date", "2026-03-06")]);
    assert_refused(&send(app, SAVE, &token, &edit).await, "进场日期不能晚于退场日期");

    assert_refused(&app.post(DELETE, Some(&token), &[("id", &rebar)]).await, "该班组下还有1名工人，不能删除");
    app.exec("UPDATE employments SET status = 2, exit_date = '2026-04-01'").await;
    assert_refused(&app.post(DELETE, Some(&token), &[("id", &rebar)]).await, "该班组下还有1名工人，不能删除");
    assert_eq!(
        app.post(EXIT, Some(&token), &[("id", &rebar), ("exit_date", "2026-05-01")]).await["code"],
        201,
        "no worker on site"
    );
    assert_refused(&app.post(DELETE, Some(&token), &[]).await, "请选择班组");
    assert_eq!(app.post(DELETE, Some(&token), &[("id", "999999")]).await["code"], 404);
    let reply = app.post(DELETE, Some(&token), &[("id", &carpentry)]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(teams(app, &token, &[]).await["total"], 2);
    assert_eq!(log_lines(app, "删除班组").await, 1);
}
both!(teams_exit_and_are_deleted_only_without_workers);

async fn an_exited_unit_takes_no_new_team(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let sub = unit(app, &token, "type=subcontractor").await;
    let reply = app
        .post("/builder/company/v1/Company/ajax_exitall", Some(&token), &[("ids", &sub), ("exit_date", "2026-04-01")])
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_refused(
        &send(app, SAVE, &token, &with(&team_form(&sub), &[("entry_date", "2026-04-02")])).await,
        "所属单位已退场，不能添加班组",
    );
}
both!(an_exited_unit_takes_no_new_team);

async fn another_projects_teams_are_never_served(app: &TestApp) {
    let newsite = app.login("newsite", PASSWORD).await;
    let token = app.login("demo", PASSWORD).await;
    let contractor = unit(app, &token, "type=contractor").await;
    assert_eq!(send(app, SAVE, &newsite, &team_form(&contractor)).await["code"], 404, "another project's unit");
    let rebar = team_id(app, &token, "钢筋班").await;
    assert_eq!(send(app, SAVE, &newsite, &with(&team_form(&contractor), &[("id", &rebar)])).await["code"], 404);
    assert_eq!(app.post(EXIT, Some(&newsite), &[("id", &rebar), ("exit_date", "2026-05-01")]).await["code"], 404);
    assert_eq!(app.post(DELETE, Some(&newsite), &[("id", &rebar)]).await["code"], 404);
    assert_eq!(teams(app, &newsite, &[]).await["total"], 0);
    assert_eq!(
        app.post(LIST, Some(&newsite), &[("projectId", "1")]).await["code"],
        404,
        "another project is never served"
    );

    let admin = app.login("admin", "Admin@12345").await;
    assert_refused(&app.post(LIST, Some(&admin), &[]).await, "请选择项目");
    assert_eq!(teams(app, &admin, &[("projectId", "1")]).await["total"], 3, "the regulator reads");
    assert_eq!(send(app, SAVE, &admin, &team_form(&contractor)).await["code"], 403);
    assert_eq!(app.post(EXIT, Some(&admin), &[("id", &rebar), ("exit_date", "2026-05-01")]).await["code"], 403);
    assert_eq!(app.post(DELETE, Some(&admin), &[("id", &rebar)]).await["code"], 403);

    let finance = app.login("finance", PASSWORD).await;
    assert_eq!(app.post(LIST, Some(&finance), &[]).await["code"], 403);
    assert_eq!(send(app, SAVE, &finance, &team_form(&contractor)).await["code"], 403);
    assert_eq!(app.post(EXIT, Some(&finance), &[("id", &rebar)]).await["code"], 403);
    assert_eq!(app.post(DELETE, Some(&finance), &[("id", &rebar)]).await["code"], 403);
    assert_eq!(app.post(LIST, None, &[]).await["code"], 101);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM teams").await, 3, "nothing changed");
}
both!(another_projects_teams_are_never_served);
