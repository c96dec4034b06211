//! Issue 34 item 3: a regulator with a project in view (`projectId`, the parameter the console adds to every
//! enterprise-side call of a regulator) reads every page of the project's menu, as the 管理员 of the whole
//! area and as the district's 监察, and reads what the project's own clerk reads.

use serde_json::Value;

use crate::both;
use crate::support::TestApp;

const DEMO: &str = "1";

/// One read of a page: method, path, form.
type Read = (&'static str, &'static str, &'static [(&'static str, &'static str)]);

/// The pages' reads. Each answers the project's data for the clerk without `projectId`.
const READS: &[Read] = &[
    ("post", "/builder/project/v1/Project/ajax_project_info", &[]),
    ("get", "/builder/project/v1/Project/noticeBoard", &[]),
    ("post", "/builder/company/v1/Company/ajax_company_info", &[("type", "builder")]),
    ("post", "/builder/company/v1/Company/ajax_company_info", &[("type", "contractor")]),
    ("get", "/builder/company/v1/Company/construction_list", &[]),
    ("post", "/builder/company/v1/Company/ajax_company_all", &[]),
    ("post", "/builder/team/v1/Team/ajax_list", &[]),
    ("post", "/builder/project/v1/Staff/list", &[]),
    ("get", "/builder/project/v1/Staff/options", &[]),
    ("post", "/builder/faith/v1/Credit/list", &[("kind", "bad")]),
    ("post", "/builder/faith/v1/Credit/list", &[("kind", "award")]),
    ("post", "/builder/faith/v1/Credit/list", &[("kind", "punishment")]),
    ("get", "/builder/faith/v1/Credit/units", &[]),
];

async fn call(
    app: &TestApp,
    token: &str,
    (method, path, form): (&str, &str, &[(&str, &str)]),
    project: Option<&str>,
) -> Value {
    let query = project.map(|id| format!("?projectId={id}")).unwrap_or_default();
    if method == "get" {
        let params: String = form.iter().map(|(key, value)| format!("&{key}={value}")).collect();
        let query = if query.is_empty() && !params.is_empty() { format!("?{}", &params[1..]) } else { query + &params };
        app.get(&format!("{path}{query}"), Some(token)).await
    } else {
        app.post(&format!("{path}{query}"), Some(token), form).await
    }
}

/// What makes two answers the same project's data, whoever asks: the rows' ids and the page's names.
fn essence(data: &Value) -> Value {
    if let Some(list) = data.get("list") {
        let ids: Vec<&Value> = list.as_array().unwrap().iter().map(|row| &row["id"]).collect();
        return serde_json::json!({ "total": data["total"], "ids": ids });
    }
    if let Some(rows) = data.as_array() {
        return Value::Array(rows.iter().map(|row| row["id"].clone()).collect());
    }
    for key in ["stepForm", "projectName", "unitOptions", "units"] {
        if let Some(value) = data.get(key) {
            return serde_json::json!({ key: value });
        }
    }
    data.clone()
}

async fn the_regulators_read_every_page_of_the_project_in_view(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let admin = app.login("admin", "Admin@12345").await;
    let inspector = app.login("jiancha", "Demo@12345").await;
    // The 监察's own record: the bureau's bad-behaviour record on the demo project.
    let saved = app
        .post(
            "/builder/faith/v1/Credit/save",
            Some(&inspector),
            &[
                ("kind", "bad"),
                ("project_id", DEMO),
                ("subject_type", "worker"),
                ("name", "王安"),
                ("id_number", "410103199007161037"),
                ("record_date", "2026-07-01"),
                ("reason", "恶意讨薪，扰乱施工秩序"),
                ("issuer", "郑州市金水区人力资源和社会保障局"),
            ],
        )
        .await;
    assert_eq!(saved["code"], 201, "{saved}");

    for &read in READS {
        let own = call(app, &demo, read, None).await;
        assert_eq!(own["code"], 201, "the clerk's {} {:?}: {own}", read.1, read.2);
        for (who, token) in [("管理员", &admin), ("监察", &inspector)] {
            let seen = call(app, token, read, Some(DEMO)).await;
            assert_eq!(seen["code"], 201, "{who} {} {:?}: {seen}", read.1, read.2);
            assert_eq!(essence(&seen["data"]), essence(&own["data"]), "{who} {} {:?}", read.1, read.2);
        }
    }

    let bad = call(app, &inspector, READS[9], Some(DEMO)).await;
    let list = bad["data"]["list"].as_array().unwrap();
    assert!(
        list.iter().any(|row| row["subjectName"] == "王安" && row["authority"] == "bureau"),
        "the 监察's own record: {bad}"
    );
    let units = call(app, &inspector, READS[4], Some(DEMO)).await;
    assert!(units["data"]["total"].as_i64().unwrap() > 0, "{units}");
    let teams = call(app, &inspector, READS[6], Some(DEMO)).await;
    assert!(teams["data"]["total"].as_i64().unwrap() > 0, "{teams}");
    let staff = call(app, &inspector, READS[7], Some(DEMO)).await;
    assert!(staff["data"]["total"].as_i64().unwrap() > 0, "{staff}");
    let info = call(app, &admin, READS[0], Some(DEMO)).await;
    assert_eq!(info["data"]["stepForm"]["Name"], "郑州市金水区幸福里安置房项目", "{info}");
    assert_eq!(info["data"]["editable"], false);
}
both!(the_regulators_read_every_page_of_the_project_in_view);

async fn a_district_regulator_reads_no_project_outside_its_district(app: &TestApp) {
    app.exec("UPDATE projects SET district_code = '4103,410302,410302001', audit_status = '2' WHERE id = 2").await;
    let inspector = app.login("jiancha", "Demo@12345").await;
    for &read in READS {
        let seen = call(app, &inspector, read, Some("2")).await;
        assert_eq!(seen["code"], 404, "{} {:?}: {seen}", read.1, read.2);
    }
}
both!(a_district_regulator_reads_no_project_outside_its_district);
