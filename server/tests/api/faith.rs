//! Credit records: `Credit/list`, `Credit/detail`, `Credit/units`, `Credit/save`, `Credit/update`,
//! `Credit/delete` (a revocation), and who may change which record.

use serde_json::{Value, json};

use crate::both;
use crate::support::{TestApp, assert_refused};

const LIST: &str = "/builder/faith/v1/Credit/list";
const DETAIL: &str = "/builder/faith/v1/Credit/detail";
const UNITS: &str = "/builder/faith/v1/Credit/units";
const SAVE: &str = "/builder/faith/v1/Credit/save";
const DELETE: &str = "/builder/faith/v1/Credit/delete";
const UPDATE: &str = "/builder/faith/v1/Credit/update";
const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch";
const PASSWORD: &str = "Demo@12345";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

const BAD: &[(&str, &str)] = &[
    ("kind", "bad"),
    ("subject_type", "worker"),
    ("name", "王安"),
    ("id_number", "410103199007161037"),
    ("record_date", "2026-07-01"),
    ("reason", "酒后进入施工现场"),
    ("issuer", "河南中原建工集团有限公司项目部"),
];

fn with<'a>(base: &[(&'a str, &'a str)], key: &'a str, value: &'a str) -> Vec<(&'a str, &'a str)> {
    let mut pairs: Vec<_> = base.iter().filter(|(k, _)| *k != key).copied().collect();
    pairs.push((key, value));
    pairs
}

async fn upload(app: &TestApp, token: &str, kind: &str, count: usize) -> Vec<String> {
    let files: Vec<(&str, &[u8])> = (0..count).map(|_| ("证明.png", PNG)).collect();
    let reply = app.upload(&format!("{UPLOAD}?kind={kind}"), Some(token), &files).await;
    serde_json::from_value(reply["data"].clone()).expect("uploaded URLs")
}

async fn lists_each_kind_with_filters(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let awards = app.post(LIST, Some(&demo), &[("kind", "award")]).await;
    assert_eq!(awards["code"], 201, "{awards}");
    assert_eq!(awards["data"]["total"], 1);
    let award = &awards["data"]["list"][0];
    assert_eq!(award["subjectType"], "unit");
    assert_eq!(award["subjectName"], "河南省第一建筑工程集团有限责任公司");
    assert_eq!(award["issuer"], "郑州市金水区人力资源和社会保障局");
    assert_eq!(award["attachments"], json!([]));
    let punishment = &app.post(LIST, Some(&demo), &[("kind", "punishment")]).await["data"]["list"][0];
    assert_eq!(
        (punishment["subjectName"].as_str(), punishment["idNumber"].as_str()),
        (Some("赵小虎"), Some("4101**********5616"))
    );
    assert_eq!(punishment["registered"], false);
    assert_eq!((punishment["authority"].as_str(), punishment["canChange"].as_bool()), (Some("bureau"), Some(false)));
    let id = punishment["id"].to_string();
    assert_eq!(
        app.get(&format!("{DETAIL}?id={id}"), Some(&demo)).await["data"]["idNumber"],
        "410184199202035616",
        "the detail is full"
    );
    assert_eq!(app.post(LIST, Some(&demo), &[("kind", "bad")]).await["data"]["total"], 0);

    let count = |pairs: Vec<(&'static str, &'static str)>| {
        let demo = demo.clone();
        async move { app.post(LIST, Some(&demo), &pairs).await["data"]["total"].as_i64() }
    };
    assert_eq!(count(vec![("kind", "punishment"), ("subject_type", "unit")]).await, Some(0));
    assert_eq!(count(vec![("kind", "punishment"), ("subject_type", "worker")]).await, Some(1));
    assert_eq!(count(vec![("kind", "punishment"), ("keyword", "小虎")]).await, Some(1));
    assert_eq!(count(vec![("kind", "punishment"), ("keyword", "41018419920203")]).await, Some(1));
    assert_eq!(
        count(vec![("kind", "punishment"), ("date_from", "2026-07-05"), ("date_to", "2026-07-05")]).await,
        Some(1)
    );
    assert_eq!(count(vec![("kind", "punishment"), ("date_from", "2026-07-06")]).await, Some(0));
    assert_eq!(count(vec![("kind", "award"), ("date_to", "2026-06-17")]).await, Some(0));

    assert_refused(&app.post(LIST, Some(&demo), &[]).await, "请选择记录类型");
    assert_refused(&app.post(LIST, Some(&demo), &[("kind", "medal")]).await, "请选择正确的记录类型");
    assert_refused(
        &app.post(LIST, Some(&demo), &[("kind", "bad"), ("subject_type", "team")]).await,
        "请选择正确的对象类型",
    );
    assert_refused(&app.post(LIST, Some(&demo), &[("kind", "bad"), ("page", "-1")]).await, "页码应为正整数");
    assert_refused(&app.post(LIST, Some(&demo), &[("kind", "bad"), ("limit", "0")]).await, "每页条数应为1-100");
    assert_refused(
        &app.post(LIST, Some(&demo), &[("kind", "bad"), ("date_from", "2026-13-01")]).await,
        "请选择正确的日期",
    );
    assert_refused(
        &app.post(LIST, Some(&demo), &[("kind", "bad"), ("date_from", "2026-07-02"), ("date_to", "2026-07-01")]).await,
        "开始日期不能晚于结束日期",
    );
    assert_refused(
        &app.post(LIST, Some(&demo), &[("kind", "bad"), ("keyword", &"长".repeat(21))]).await,
        "搜索内容不能超过20个字",
    );
}
both!(lists_each_kind_with_filters);

async fn adds_views_and_revokes_worker_and_unit_records(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let files = upload(app, &demo, "attachment", 2).await;
    let attachments = files.join(",");
    let reply = app.post(SAVE, Some(&demo), &with(BAD, "attachments", &attachments)).await;
    assert_eq!((reply["code"].as_i64(), reply["message"].as_str()), (Some(201), Some("保存成功")), "{reply}");
    let id = reply["data"]["id"].as_i64().expect("id");
    let detail = &app.get(&format!("{DETAIL}?id={id}"), Some(&demo)).await["data"];
    assert_eq!(detail["kind"], "bad");
    assert_eq!(detail["subjectName"], "王安");
    assert_eq!(detail["registered"], false, "not on any roster");
    assert_eq!(detail["attachments"], json!(files));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '新增诚信记录' AND detail LIKE '不良行为记录（项目登记）：王安%'").await, 1);

    // A registered worker is linked by ID number, and the name must be the registered one.
    app.exec("INSERT INTO workers (id_number, name, gender, created_at, updated_at) VALUES ('410105198811204016', '刘登记', 1, 0, 0)").await;
    let registered = [("name", "刘登记"), ("id_number", "410105198811204016"), ("kind", "award")];
    let mut pairs: Vec<_> = BAD.iter().filter(|(k, _)| !registered.iter().any(|(r, _)| r == k)).copied().collect();
    pairs.extend(registered);
    let reply = app.post(SAVE, Some(&demo), &pairs).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(app.get(&format!("{DETAIL}?id={}", reply["data"]["id"]), Some(&demo)).await["data"]["registered"], true);
    assert_refused(
        &app.post(SAVE, Some(&demo), &with(&pairs, "name", "刘别名")).await,
        "姓名与该身份证号码登记的工人姓名不一致",
    );

    // A unit award names one of the project's units.
    let units = app.get(UNITS, Some(&demo)).await;
    assert_eq!(units["data"][1], json!({"value": 2, "label": "河南省第一建筑工程集团有限责任公司（施工总承包单位）"}));
    let award = [
        ("kind", "award"),
        ("subject_type", "unit"),
        ("unit_id", "1"),
        ("record_date", "2026-07-01"),
        ("reason", "按时足额支付工程款"),
        ("issuer", "郑州市住房和城乡建设局"),
    ];
    let reply = app.post(SAVE, Some(&demo), &award).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let awards = &app.post(LIST, Some(&demo), &[("kind", "award")]).await["data"];
    assert_eq!(awards["total"], 3);
    assert_eq!(awards["list"][0]["subjectName"], "郑州市金水区城市建设投资有限公司");
    assert_eq!(awards["list"][0]["unitId"], 1);
    assert_eq!(
        (awards["list"][0]["authority"].as_str(), awards["list"][0]["canChange"].as_bool()),
        (Some("project"), Some(true))
    );

    // A revocation needs a reason; the record stays, marked, with the reason.
    assert_refused(&app.post(DELETE, Some(&demo), &[("id", &id.to_string())]).await, "请填写撤销原因");
    assert_refused(
        &app.post(DELETE, Some(&demo), &[("id", &id.to_string()), ("reason", &"长".repeat(201))]).await,
        "撤销原因不能超过200个字",
    );
    let reply = app.post(DELETE, Some(&demo), &[("id", &id.to_string()), ("reason", "登记错人")]).await;
    assert_eq!((reply["code"].as_i64(), reply["message"].as_str()), (Some(201), Some("已撤销")), "{reply}");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '撤销诚信记录' AND detail LIKE '%酒后进入施工现场%撤销原因：登记错人'").await, 1);
    let detail = &app.get(&format!("{DETAIL}?id={id}"), Some(&demo)).await["data"];
    assert_eq!(
        (detail["revoked"].as_bool(), detail["revokeReason"].as_str(), detail["canChange"].as_bool()),
        (Some(true), Some("登记错人"), Some(false))
    );
    assert_eq!(
        app.post(LIST, Some(&demo), &[("kind", "bad")]).await["data"]["list"][0]["revoked"],
        true,
        "still listed"
    );
    assert_refused(
        &app.post(DELETE, Some(&demo), &[("id", &id.to_string()), ("reason", "再撤")]).await,
        "该记录已撤销，不能修改或再次撤销",
    );
    assert_refused(
        &app.post(UPDATE, Some(&demo), &with(BAD, "id", &id.to_string())).await,
        "该记录已撤销，不能修改或再次撤销",
    );
    assert_eq!(app.post(DELETE, Some(&demo), &[("id", "abc"), ("reason", "x")]).await["code"], 404);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM credit_records").await, 5, "nothing deleted");
}
both!(adds_views_and_revokes_worker_and_unit_records);

async fn every_rule_refuses_and_nothing_is_stored(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let images = upload(app, &demo, "image", 1).await;
    let six = upload(app, &demo, "attachment", 5)
        .await
        .into_iter()
        .chain(upload(app, &demo, "attachment", 1).await)
        .collect::<Vec<_>>()
        .join(",");
    let long_reason = "长".repeat(501);
    let long_issuer = "局".repeat(101);
    let cases: Vec<(&str, &str, &str)> = vec![
        ("kind", "", "请选择记录类型"),
        ("kind", "medal", "请选择正确的记录类型"),
        ("subject_type", "", "请选择对象类型"),
        ("subject_type", "team", "请选择正确的对象类型"),
        ("subject_type", "unit", "不良行为记录只能登记工人"),
        ("name", "", "请填写姓名"),
        ("name", "王安2", "请填写规范的姓名"),
        ("id_number", "", "请填写身份证号码"),
        ("id_number", "410103199007161036", "请填写正确的身份证号码"),
        ("record_date", "", "请选择日期"),
        ("record_date", "2099-01-01", "日期不能晚于今天"),
        ("reason", "", "请填写事由"),
        ("reason", &long_reason, "事由不能超过500个字"),
        ("issuer", " ", "请填写发布单位"),
        ("issuer", &long_issuer, "发布单位不能超过100个字"),
        ("attachments", &six, "附件最多上传5个"),
        ("attachments", "/uploads/../x.png", "附件无效，请重新上传"),
        ("attachments", "/uploads/nothing.png", "附件无效，请重新上传"),
        ("attachments", &images[0], "附件无效，请重新上传"),
    ];
    for (key, value, message) in cases {
        let reply = app.post(SAVE, Some(&demo), &with(BAD, key, value)).await;
        assert_eq!((key, reply["message"].as_str()), (key, Some(message)), "{reply}");
        assert_eq!(reply["code"], 401);
    }
    let unit = [
        ("kind", "award"),
        ("subject_type", "unit"),
        ("record_date", "2026-07-01"),
        ("reason", "拖欠"),
        ("issuer", "局"),
    ];
    assert_refused(&app.post(SAVE, Some(&demo), &unit).await, "请选择单位");
    assert_refused(&app.post(SAVE, Some(&demo), &with(&unit, "unit_id", "x")).await, "请选择本项目的参建单位");
    assert_refused(&app.post(SAVE, Some(&demo), &with(&unit, "unit_id", "999")).await, "请选择本项目的参建单位");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM credit_records").await, 2);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE target_type = 'credit_record'").await, 0);
}
both!(every_rule_refuses_and_nothing_is_stored);

async fn scoping_keeps_projects_apart(app: &TestApp) {
    app.exec(
        "INSERT INTO companies (social_credit_code, name, created_at, updated_at) VALUES ('/', '别的项目公司', 0, 0)",
    )
    .await;
    app.exec(
        "INSERT INTO project_units (project_id, company_id, role, created_at, updated_at) \
              SELECT 2, id, 'contractor', 0, 0 FROM companies WHERE name = '别的项目公司'",
    )
    .await;
    app.exec("INSERT INTO credit_records (project_id, kind, subject_type, subject_name, id_number, record_date, reason, issuer, created_at) \
              VALUES (2, 'award', 'worker', '李别人', '410105198811204016', '2026-05-01', '见义勇为', '某局', 0)").await;
    let demo = app.login("demo", PASSWORD).await;
    let other_unit = app.scalar("SELECT id FROM project_units WHERE project_id = 2").await.to_string();
    assert_eq!(app.post(LIST, Some(&demo), &[("kind", "award")]).await["data"]["total"], 1);
    assert_eq!(app.post(LIST, Some(&demo), &[("kind", "award"), ("projectId", "2")]).await["code"], 404);
    assert_eq!(app.get(&format!("{DETAIL}?id=3"), Some(&demo)).await["code"], 404);
    assert_eq!(app.post(DELETE, Some(&demo), &[("id", "3"), ("reason", "错")]).await["code"], 404);
    assert_refused(
        &app.post(
            SAVE,
            Some(&demo),
            &[
                ("kind", "award"),
                ("subject_type", "unit"),
                ("unit_id", &other_unit),
                ("record_date", "2026-07-01"),
                ("reason", "好"),
                ("issuer", "局"),
            ],
        )
        .await,
        "请选择本项目的参建单位",
    );
    let units: Value = app.get(UNITS, Some(&demo)).await;
    assert_eq!(units["data"].as_array().map(Vec::len), Some(4));

    let admin = app.login("admin", "Admin@12345").await;
    let all = &app.post(LIST, Some(&admin), &[("kind", "award")]).await["data"];
    assert_eq!(all["total"], 2);
    assert_eq!(all["list"][0]["projectName"], "郑州市金水区幸福里安置房项目");
    assert_eq!(
        app.post(LIST, Some(&admin), &[("kind", "award"), ("projectId", "2")]).await["data"]["list"][0]["subjectName"],
        "李别人"
    );
    assert_eq!(app.get(&format!("{DETAIL}?id=3"), Some(&admin)).await["data"]["projectId"], 2);
    assert_refused(&app.post(SAVE, Some(&admin), BAD).await, "请选择项目");
    assert_refused(&app.get(UNITS, Some(&admin)).await, "请选择项目");
    assert_eq!(app.get(&format!("{UNITS}?projectId=2"), Some(&admin)).await["data"].as_array().map(Vec::len), Some(1));

    let finance = app.login("finance", PASSWORD).await;
    for reply in [
        app.post(LIST, Some(&finance), &[("kind", "award")]).await,
        app.get(&format!("{DETAIL}?id=1"), Some(&finance)).await,
        app.get(UNITS, Some(&finance)).await,
        app.post(SAVE, Some(&finance), BAD).await,
        app.post(DELETE, Some(&finance), &[("id", "1"), ("reason", "错")]).await,
        app.post(UPDATE, Some(&finance), &with(BAD, "id", "1")).await,
    ] {
        assert_eq!(reply["code"], 403, "{reply}");
    }
    assert_eq!(app.post(LIST, None, &[("kind", "award")]).await["code"], 101);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM credit_records").await, 3);
}
both!(scoping_keeps_projects_apart);

/// The authority rules: the clerk can neither correct nor revoke the bureau's records nor punish; the regulator
/// enters and corrects the bureau's records of any project, not the project's own; nothing disappears.
async fn records_keep_their_authority(app: &TestApp) {
    let demo = app.login("demo", PASSWORD).await;
    let admin = app.login("admin", "Admin@12345").await;
    let punishment = app.scalar("SELECT id FROM credit_records WHERE kind = 'punishment'").await.to_string();
    let corrected = with(&with(BAD, "kind", "punishment"), "id", &punishment);

    // The clerk: the bureau's punishment is neither corrected nor revoked, and a project punishes nobody.
    let refused = app.post(DELETE, Some(&demo), &[("id", &punishment), ("reason", "不认可")]).await;
    assert_eq!(
        (refused["code"].as_i64(), refused["message"].as_str()),
        (Some(403), Some("该记录由人社局登记，项目不能修改或撤销"))
    );
    assert_eq!(app.post(UPDATE, Some(&demo), &corrected).await["message"], "该记录由人社局登记，项目不能修改或撤销");
    assert_refused(
        &app.post(SAVE, Some(&demo), &with(BAD, "kind", "punishment")).await,
        "处罚记录由人社局录入，项目不能登记",
    );
    assert_refused(
        &app.post(SAVE, Some(&demo), &with(BAD, "issuer", "郑州市人社局")).await,
        "人社局发布的记录由人社局录入，项目只能登记本项目发布的记录",
    );

    // The regulator corrects the bureau's record and enters a new one for a project it names.
    let reply = app.post(UPDATE, Some(&admin), &with(&corrected, "issuer", "郑州市金水区劳动保障监察大队")).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let detail = &app.get(&format!("{DETAIL}?id={punishment}"), Some(&admin)).await["data"];
    assert_eq!(
        (detail["subjectName"].as_str(), detail["issuer"].as_str()),
        (Some("王安"), Some("郑州市金水区劳动保障监察大队"))
    );
    assert_eq!(detail["authority"], "bureau", "a correction keeps the authority");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '修改诚信记录' AND detail LIKE '%赵小虎%→ 王安%劳动保障监察大队%'").await,
        1,
        "before and after"
    );
    assert_refused(&app.post(UPDATE, Some(&admin), &with(&corrected, "kind", "award")).await, "记录类型不能修改");
    let reply = app
        .post(SAVE, Some(&admin), &with(&with(BAD, "project_id", "1"), "issuer", "郑州市金水区人力资源和社会保障局"))
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
    let bureau_bad = reply["data"]["id"].to_string();
    let files = upload(app, &demo, "attachment", 1).await;
    assert_refused(
        &app.post(SAVE, Some(&admin), &with(&with(BAD, "project_id", "1"), "attachments", &files[0])).await,
        "人社局录入的记录请在事由中注明文书编号，不上传附件",
    );
    let listed = &app.post(LIST, Some(&demo), &[("kind", "bad")]).await["data"]["list"][0];
    assert_eq!(
        (listed["authority"].as_str(), listed["enteredBy"].as_str(), listed["canChange"].as_bool()),
        (Some("bureau"), Some("劳动监察员"), Some(false))
    );
    assert_eq!(app.post(DELETE, Some(&demo), &[("id", &bureau_bad), ("reason", "x")]).await["code"], 403);

    // The project's own record: the clerk corrects and revokes it, the regulator does neither.
    let own = app.post(SAVE, Some(&demo), BAD).await["data"]["id"].to_string();
    assert_eq!(
        app.post(DELETE, Some(&admin), &[("id", &own), ("reason", "x")]).await["message"],
        "该记录由项目登记，只能由该项目修改或撤销"
    );
    assert_eq!(app.post(UPDATE, Some(&admin), &with(BAD, "id", &own)).await["code"], 403);
    assert_eq!(app.post(UPDATE, Some(&demo), &with(&with(BAD, "id", &own), "reason", "酒后上岗")).await["code"], 201);
    assert_eq!(app.post(DELETE, Some(&demo), &[("id", &own), ("reason", "核实无此事")]).await["code"], 201);

    // The regulator revokes the bureau's record, with a reason; every record is still listed.
    assert_eq!(app.post(DELETE, Some(&admin), &[("id", &bureau_bad), ("reason", "复议撤销")]).await["code"], 201);
    let bad = &app.post(LIST, Some(&demo), &[("kind", "bad")]).await["data"];
    assert_eq!(bad["total"], 2);
    let states: Vec<(bool, &str)> = bad["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row["revoked"].as_bool().unwrap(), row["revokeReason"].as_str().unwrap()))
        .collect();
    assert!(states.contains(&(true, "核实无此事")) && states.contains(&(true, "复议撤销")), "{states:?}");
    assert_eq!(app.post(LIST, Some(&demo), &[("kind", "punishment")]).await["data"]["total"], 1);
}
both!(records_keep_their_authority);

/// The demo's award and punishment are the bureau's, and none is revoked.
async fn seeded_records_are_the_bureaus(app: &TestApp) {
    assert_eq!(app.scalar("SELECT COUNT(*) FROM credit_records WHERE authority = 'bureau'").await, 2);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM credit_records WHERE revoked_at IS NULL").await, 2);
}
both!(seeded_records_are_the_bureaus);
