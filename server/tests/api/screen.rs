//! The data screen (`/{builder,admin}/screen/v1/Screen/data`): its figures equal the workbench's and the
//! lists' (the 30-day trend the attendance sheet's, day by day), the ticker is masked, the regulator's map holds
//! its district's projects only; the refusals.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, regulator};

const PROJECT: &str = "/builder/screen/v1/Screen/data";
const DISTRICT: &str = "/admin/screen/v1/Screen/data";
const WORKBENCH: &str = "/builder/workbench/v1/Workbench/summary";

async fn data(app: &TestApp, path: &str, token: &str) -> Value {
    let reply = app.get(path, Some(token)).await;
    assert_eq!(reply["code"], 201, "{path}: {reply}");
    reply["data"].clone()
}

/// Workers the month's attendance sheet marks attended on `day` (`YYYY-MM-DD`).
async fn attended_on_the_sheet(app: &TestApp, token: &str, day: &str) -> i64 {
    let sheet = data(app, &format!("/builder/attendance/v1/Sheet/month?month={}&limit=100", &day[..7]), token).await;
    assert!(sheet["total"].as_i64().unwrap() <= 100, "one page holds the demo roster");
    let date: u64 = day[8..].parse().unwrap();
    let came = sheet["list"].as_array().unwrap().iter().filter(|row| {
        row["cells"].as_array().unwrap().iter().any(|cell| cell["day"] == date && cell["attended"] == true)
    });
    came.count() as i64
}

async fn the_project_screen_shows_the_projects_figures(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    // Punches of today, the ticker's.
    app.exec_owned(format!(
        "INSERT INTO punches (project_id, worker_id, punched_at, day, direction, source, device_id, created_at) \
         SELECT 1, worker_id, {now}, '{today}', 'in', 'import', 0, {now} FROM employments WHERE project_id = 1 AND status = 1",
        now = wageguard::clock::now(),
        today = wageguard::clock::today(),
    ))
    .await;
    let screen = data(app, PROJECT, &demo).await;
    let summary = data(app, WORKBENCH, &demo).await;
    assert_eq!(screen["onSite"], summary["workersOnSite"], "{screen}");
    assert_eq!(screen["attendedToday"], summary["attendedToday"], "{screen}");
    assert_eq!(screen["wagesPaid"], summary["wagesPaid"], "{screen}");
    assert_eq!(screen["warnings"], summary["warnings"], "{screen}");
    assert!(screen["projects"].as_array().unwrap().is_empty());

    let trend = screen["trend"].as_array().unwrap();
    assert_eq!(trend.len(), 30);
    assert_eq!(trend.last().unwrap()["day"], wageguard::clock::today().as_str());
    assert_eq!(trend.last().unwrap()["value"], screen["attendedToday"]);
    assert!(trend.iter().any(|point| point["value"].as_i64().unwrap() > 0), "{screen}");
    for point in trend {
        let day = point["day"].as_str().unwrap();
        assert_eq!(point["value"], attended_on_the_sheet(app, &demo, day).await, "{day}: {screen}");
    }

    let by_type: i64 = screen["byWorkType"].as_array().unwrap().iter().map(|row| row["value"].as_i64().unwrap()).sum();
    assert_eq!(by_type, screen["onSite"].as_i64().unwrap(), "{screen}");
    for row in screen["byWorkType"].as_array().unwrap() {
        assert!(!row["name"].as_str().unwrap().is_empty(), "{row}");
    }

    let punches = screen["latestPunches"].as_array().unwrap();
    assert!(!punches.is_empty(), "{screen}");
    assert!(punches.len() <= 20);
    for punch in punches {
        let id = punch["idNumber"].as_str().unwrap();
        assert_eq!(id.len(), 18, "{punch}");
        assert_eq!(&id[4..14], "**********", "{punch}");
        let name: Vec<char> = punch["name"].as_str().unwrap().chars().collect();
        assert!(name[1..].iter().all(|char| *char == '*'), "{punch}");
        assert_eq!(punch["direction"], "进场");
    }
}
both!(the_project_screen_shows_the_projects_figures);

async fn the_district_screen_maps_only_its_districts_projects(app: &TestApp) {
    app.exec("UPDATE projects SET latlng = '34.78,113.66' WHERE id = 1").await;
    let admin = app.login("admin", "Admin@12345").await;
    let screen = data(app, DISTRICT, &admin).await;
    let projects = screen["projects"].as_array().unwrap();
    let approved = app.scalar("SELECT COUNT(*) FROM projects WHERE audit_status = '2'").await;
    assert_eq!(projects.len() as i64, approved, "{screen}");
    let demo = projects.iter().find(|project| project["id"] == 1).unwrap();
    assert_eq!(demo["latlng"], "34.78,113.66");
    let worst = demo["worstWarning"].as_str().unwrap();
    assert!(["red", "orange", "yellow", "none"].contains(&worst), "{demo}");
    let open = &screen["warnings"];
    let expected = if open["red"].as_i64().unwrap() > 0 {
        "red"
    } else if open["orange"].as_i64().unwrap() > 0 {
        "orange"
    } else if open["yellow"].as_i64().unwrap() > 0 {
        "yellow"
    } else {
        "none"
    };
    // The demo data has one approved project: the district's worst is the project's.
    assert_eq!(approved, 1);
    assert_eq!(worst, expected, "{screen}");
    let workbench = data(app, "/admin/workbench/v1/Workbench/summary", &admin).await;
    assert_eq!(screen["onSite"], workbench["workersOnSite"]);
    assert_eq!(screen["wagesPaid"], workbench["wagesPaid"]);

    let elsewhere = regulator(app, "county", "410302", "auditor").await;
    let screen = data(app, DISTRICT, &elsewhere).await;
    assert!(screen["projects"].as_array().unwrap().is_empty(), "{screen}");
    assert_eq!(screen["onSite"], 0);
    assert!(screen["latestPunches"].as_array().unwrap().is_empty());
    assert_eq!(app.get(&format!("{PROJECT}?projectId=1"), Some(&elsewhere)).await["code"], 404);
    // With the project in view, the regulator of its district reads the project's screen.
    assert_eq!(data(app, &format!("{PROJECT}?projectId=1"), &admin).await["onSite"], workbench["workersOnSite"]);
}
both!(the_district_screen_maps_only_its_districts_projects);

async fn each_side_reads_only_its_own_screen(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    assert_eq!(app.get(DISTRICT, Some(&demo)).await["code"], 403);
    assert_eq!(app.get(DISTRICT, Some(&finance)).await["code"], 403);
    assert_eq!(app.get(PROJECT, Some(&finance)).await["code"], 403);
    assert_eq!(app.get(PROJECT, None).await["code"], 101);
    // A clerk naming another project still reads its own or is refused, never the other's.
    let other = app.get(&format!("{PROJECT}?projectId=2"), Some(&demo)).await;
    assert!(other["code"] == 404 || other["data"]["title"] != "", "{other}");
}
both!(each_side_reads_only_its_own_screen);

/// The screen of a project not yet approved is refused, for its clerk (newsite, still in the wizard) and for a
/// regulator naming it; approved, it opens.
async fn a_project_not_yet_approved_has_no_screen(app: &TestApp) {
    let newsite = app.login("newsite", "Demo@12345").await;
    let admin = app.login("admin", "Admin@12345").await;
    let project = app.scalar("SELECT project_id FROM accounts WHERE username = 'newsite'").await;
    let reply = app.get(PROJECT, Some(&newsite)).await;
    assert_eq!(reply["code"], 403, "{reply}");
    assert_eq!(reply["message"], "项目审核通过后才能查看数据大屏");
    let named = app.get(&format!("{PROJECT}?projectId={project}"), Some(&admin)).await;
    assert_eq!((named["code"].clone(), named["message"].clone()), (reply["code"].clone(), reply["message"].clone()));
    app.exec_owned(format!("UPDATE projects SET audit_status = '2' WHERE id = {project}")).await;
    assert_eq!(app.get(PROJECT, Some(&newsite)).await["code"], 201);
}
both!(a_project_not_yet_approved_has_no_screen);
