//! China's working calendar: the seeded arrangement, the regulator's `/admin/calendar/v1/Calendar/{list,
//! save,delete}`, the month and year every account reads, and the seed leaving the regulator's edits alone.

use crate::both;
use crate::support::{TestApp, assert_refused};

const LIST: &str = "/admin/calendar/v1/Calendar/list";
const SAVE: &str = "/admin/calendar/v1/Calendar/save";
const DELETE: &str = "/admin/calendar/v1/Calendar/delete";
const MONTH: &str = "/builder/calendar/v1/Calendar/month";
const YEAR: &str = "/builder/calendar/v1/Calendar/year";
const ADMIN_ONLY: &str = "仅监管部门账号可以设置节假日";

async fn admin(app: &TestApp) -> String {
    app.login("admin", "Admin@12345").await
}

async fn log_lines(app: &TestApp) -> i64 {
    app.scalar("SELECT COUNT(*) FROM operation_log WHERE target_type = 'calendar_day'").await
}

async fn october_2025_is_seeded_for_every_account(app: &TestApp) {
    assert!(app.scalar("SELECT COUNT(*) FROM calendar_days WHERE source = 'package'").await > 700);
    for (user, password) in [("admin", "Admin@12345"), ("demo", "Demo@12345"), ("finance", "Demo@12345")] {
        let token = app.login(user, password).await;
        let reply = app.get(&format!("{MONTH}?month=2025-10"), Some(&token)).await;
        assert_eq!(reply["code"], 201, "{user}: {reply}");
        let month = &reply["data"];
        assert_eq!(month["month"], "2025-10");
        assert_eq!(month["workingDays"], 18, "{user}");
        assert_eq!(month["statutoryDays"], 4);
        assert_eq!(month["restDays"], 9);
        let days = month["days"].as_array().unwrap();
        assert_eq!(days.len(), 31);
        assert_eq!(days[0]["day"], "2025-10-01");
        assert_eq!(days[0]["classLabel"], "法定节假日");
        assert_eq!(days[0]["name"], "国庆节");
        assert_eq!(days[3]["class"], "rest");
        assert_eq!(days[3]["kindLabel"], "调休放假");
        assert_eq!(days[10]["day"], "2025-10-11");
        assert_eq!(
            (days[10]["classLabel"].as_str(), days[10]["kindLabel"].as_str(), days[10]["weekday"].as_i64()),
            (Some("工作日"), Some("调休上班"), Some(6))
        );
        assert_eq!(
            (days[12]["classLabel"].as_str(), days[12]["kind"].as_str(), days[12]["name"].as_str()),
            (Some("工作日"), Some(""), Some(""))
        );
    }
    assert_eq!(app.get(&format!("{MONTH}?month=2025-10"), None).await["code"], 101);

    let calendar = wageguard::calendar::calendar(
        &app.db,
        time::macros::date!(2025 - 10 - 01),
        time::macros::date!(2025 - 10 - 31),
    )
    .await
    .unwrap();
    assert_eq!(calendar.working_days(time::macros::date!(2025 - 10 - 01), time::macros::date!(2025 - 10 - 31)), 18);

    let token = admin(app).await;
    let year = app.get(&format!("{YEAR}?year=2025"), Some(&token)).await;
    assert_eq!(year["data"]["months"].as_array().unwrap().len(), 12);
    assert_eq!(year["data"]["statutoryDays"], 13);
    assert_eq!(year["data"]["months"][9]["workingDays"], 18);
}
both!(october_2025_is_seeded_for_every_account);

async fn the_regulator_adds_next_years_arrangement(app: &TestApp) {
    let token = admin(app).await;
    let empty = app.post(LIST, Some(&token), &[("year", "2027")]).await;
    assert_eq!(empty["data"]["total"], 0, "{empty}");
    let before = log_lines(app).await;
    for (day, kind, name) in [
        ("2027-01-01", "statutory", "元旦"),
        ("2027-01-02", "off", "元旦"),
        ("2027-01-03", "off", "元旦"),
        ("2027-02-07", "workday", "春节"),
    ] {
        let reply = app.post(SAVE, Some(&token), &[("day", day), ("kind", kind), ("name", name)]).await;
        assert_eq!(reply["code"], 201, "{day}: {reply}");
        assert_eq!(reply["message"], "保存成功");
    }
    assert_eq!(log_lines(app).await, before + 4);
    let list = app.post(LIST, Some(&token), &[("year", "2027"), ("limit", "3")]).await;
    assert_eq!(list["data"]["total"], 4);
    assert_eq!(list["data"]["list"].as_array().unwrap().len(), 3);
    let first = &list["data"]["list"][0];
    assert_eq!(
        (first["day"].as_str(), first["kindLabel"].as_str(), first["sourceLabel"].as_str(), first["weekday"].as_i64()),
        (Some("2027-01-01"), Some("法定节假日"), Some("监管部门"), Some(5))
    );
    let second_page = app.post(LIST, Some(&token), &[("year", "2027"), ("limit", "3"), ("page", "2")]).await;
    assert_eq!(second_page["data"]["list"][0]["day"], "2027-02-07");

    let january = app.get(&format!("{MONTH}?month=2027-01"), Some(&token)).await;
    assert_eq!(january["data"]["statutoryDays"], 1);
    assert_eq!(january["data"]["workingDays"], 20);
    let february = app.get(&format!("{MONTH}?month=2027-02"), Some(&token)).await;
    assert_eq!(february["data"]["workingDays"], 21, "20 weekdays and the worked Sunday");

    let changed = app.post(SAVE, Some(&token), &[("day", "2027-01-02"), ("kind", "off"), ("name", "元旦假期")]).await;
    assert_eq!(changed["code"], 201, "{changed}");
    let detail: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT detail FROM operation_log WHERE target_type = 'calendar_day' AND target_id = '2027-01-02' AND action = '修改节假日'")
        .fetch_one(pool).await).unwrap();
    assert_eq!(detail, "2027-01-02 调休放假 元旦 → 调休放假 元旦假期");
    assert_refused(
        &app.post(SAVE, Some(&token), &[("day", "2027-01-02"), ("kind", "off"), ("name", "元旦假期")]).await,
        "没有修改任何内容",
    );

    let deleted = app.post(DELETE, Some(&token), &[("day", "2027-01-03")]).await;
    assert_eq!(deleted["code"], 201, "{deleted}");
    let detail: String = wageguard::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT detail FROM operation_log WHERE target_type = 'calendar_day' AND action = '删除节假日'")
        .fetch_one(pool).await)
    .unwrap();
    assert_eq!(detail, "2027-01-03 调休放假 元旦（监管部门）");
    let again = app.post(DELETE, Some(&token), &[("day", "2027-01-03")]).await;
    assert_eq!((again["code"].as_i64(), again["message"].as_str()), (Some(404), Some("该日期没有节假日安排")));
    assert_eq!(log_lines(app).await, before + 6);
}
both!(the_regulator_adds_next_years_arrangement);

async fn a_restart_keeps_the_regulators_edits(app: &TestApp) {
    let token = admin(app).await;
    assert_eq!(
        app.post(SAVE, Some(&token), &[("day", "2025-10-06"), ("kind", "off"), ("name", "中秋节")]).await["code"],
        201
    );
    assert_eq!(app.post(DELETE, Some(&token), &[("day", "2025-10-11")]).await["code"], 201);
    assert_eq!(wageguard::calendar::service::seed(&app.db).await.unwrap(), 0, "the seed covered the package already");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM calendar_days WHERE day = '2025-10-11'").await,
        0,
        "a deleted day stays deleted"
    );
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM calendar_days WHERE day = '2025-10-06' AND kind = 'off' AND source = 'regulator'"
        )
        .await,
        1
    );

    // A newer package with more years: only the days after the last seed are added.
    app.exec("UPDATE calendar_seed SET newest = '2025-12-31'").await;
    app.exec("DELETE FROM calendar_days WHERE day >= '2026-01-01' AND day <= '2026-01-03'").await;
    assert_eq!(wageguard::calendar::service::seed(&app.db).await.unwrap(), 3);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM calendar_days WHERE day = '2025-10-11'").await, 0);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM calendar_days WHERE day >= '2026-01-01' AND day <= '2026-01-03'").await,
        3
    );
    let october = app.get(&format!("{MONTH}?month=2025-10"), Some(&token)).await;
    assert_eq!(
        (october["data"]["workingDays"].as_i64(), october["data"]["statutoryDays"].as_i64()),
        (Some(17), Some(3))
    );
}
both!(a_restart_keeps_the_regulators_edits);

async fn only_the_regulator_writes(app: &TestApp) {
    let before = app.scalar("SELECT COUNT(*) FROM calendar_days").await;
    for (user, password) in [("demo", "Demo@12345"), ("finance", "Demo@12345"), ("newsite", "Demo@12345")] {
        let token = app.login(user, password).await;
        for path in [LIST, SAVE, DELETE] {
            let reply = app
                .post(
                    path,
                    Some(&token),
                    &[("year", "2025"), ("day", "2025-10-01"), ("kind", "off"), ("name", "国庆节")],
                )
                .await;
            assert_eq!(
                (reply["code"].as_i64(), reply["message"].as_str()),
                (Some(403), Some(ADMIN_ONLY)),
                "{user} {path}"
            );
        }
    }
    for path in [LIST, SAVE, DELETE] {
        assert_eq!(app.post(path, None, &[("day", "2025-10-01")]).await["code"], 101, "{path}");
    }
    assert_eq!(app.scalar("SELECT COUNT(*) FROM calendar_days").await, before);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM calendar_days WHERE day = '2025-10-01' AND kind = 'statutory'").await,
        1
    );
    assert_eq!(log_lines(app).await, 0);
}
both!(only_the_regulator_writes);

async fn bad_input_is_refused_with_its_message(app: &TestApp) {
    let token = admin(app).await;
    let before = app.scalar("SELECT COUNT(*) FROM calendar_days").await;
    let cases: [(&[(&str, &str)], &str); 11] = [
        (&[("kind", "off"), ("name", "元旦")], "请选择日期"),
        (&[("day", "2027/01/01"), ("kind", "off"), ("name", "元旦")], "日期格式应为YYYY-MM-DD"),
        (&[("day", "2027-02-30"), ("kind", "off"), ("name", "元旦")], "日期格式应为YYYY-MM-DD"),
        (&[("day", "2101-01-01"), ("kind", "off"), ("name", "元旦")], "年份应在2000-2100之间"),
        (&[("day", "1999-12-31"), ("kind", "off"), ("name", "元旦")], "年份应在2000-2100之间"),
        (&[("day", "2027-01-01"), ("kind", "holiday"), ("name", "元旦")], "请选择类型：法定节假日、调休放假或调休上班"),
        (&[("day", "2027-01-01"), ("kind", "statutory")], "请填写名称"),
        (&[("day", "2027-01-01"), ("kind", "statutory"), ("name", "  ")], "请填写名称"),
        (
            &[("day", "2027-01-01"), ("kind", "statutory"), ("name", "一二三四五六七八九十一二三四五六七八九十一")],
            "名称不能超过20个字",
        ),
        (&[("day", "2027-01-04"), ("kind", "workday"), ("name", "春节")], "调休上班只能设在周六或周日"),
        (
            &[("day", "2027-01-02"), ("kind", "statutory"), ("name", "元旦")],
            "法定节假日只能设在周一至周五，周末的假日请选调休放假",
        ),
    ];
    for (form, message) in cases {
        assert_refused(&app.post(SAVE, Some(&token), form).await, message);
    }
    assert_refused(&app.post(DELETE, Some(&token), &[("day", "2025-10")]).await, "日期格式应为YYYY-MM-DD");
    assert_refused(&app.post(LIST, Some(&token), &[]).await, "请选择年份");
    assert_refused(&app.post(LIST, Some(&token), &[("year", "2101")]).await, "年份应在2000-2100之间");
    assert_refused(&app.post(LIST, Some(&token), &[("year", "2025"), ("limit", "101")]).await, "每页条数应为1-100");
    assert_refused(&app.get(&format!("{MONTH}?month=2025-13"), Some(&token)).await, "月份格式应为YYYY-MM");
    assert_refused(&app.get(MONTH, Some(&token)).await, "月份格式应为YYYY-MM");
    assert_refused(&app.get(&format!("{MONTH}?month=1999-12"), Some(&token)).await, "年份应在2000-2100之间");
    assert_refused(&app.get(&format!("{YEAR}?year=abc"), Some(&token)).await, "年份应在2000-2100之间");
    assert_eq!(app.scalar("SELECT COUNT(*) FROM calendar_days").await, before, "nothing changed");
    assert_eq!(log_lines(app).await, 0);
}
both!(bad_input_is_refused_with_its_message);
