//! The area endpoints: registration cascader, supervising districts, project location, name search.

use serde_json::Value;

use crate::both;
use crate::support::{TestApp, assert_refused};

fn find<'a>(options: &'a Value, value: &str) -> &'a Value {
    options
        .as_array()
        .expect("an array of options")
        .iter()
        .find(|o| o["value"] == value)
        .unwrap_or_else(|| panic!("no option {value} in {options}"))
}

fn values(options: &Value) -> Vec<String> {
    options.as_array().expect("an array").iter().map(|o| o["value"].as_str().expect("value").to_owned()).collect()
}

async fn the_registration_tree_goes_down_to_counties(app: &TestApp) {
    let reply = app.get("/builder/common/v1/Area/registerplace", None).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let provinces = &reply["data"];
    assert_eq!(provinces.as_array().unwrap().len(), 31);
    let henan = find(provinces, "41");
    assert_eq!(henan["label"], "河南省");
    let zhengzhou = find(&henan["children"], "4101");
    assert_eq!(zhengzhou["label"], "郑州市");
    let jinshui = find(&zhengzhou["children"], "410105");
    assert_eq!(jinshui["label"], "金水区");
    assert!(jinshui.get("children").is_none(), "no townships in the registration tree: {jinshui}");
}
both!(the_registration_tree_goes_down_to_counties);

async fn the_registration_tree_loads_lazily(app: &TestApp) {
    for code in ["41", "410000"] {
        let reply = app.get(&format!("/builder/common/v1/Area/registerplace?code={code}"), None).await;
        assert_eq!(reply["code"], 201, "{reply}");
        let zhengzhou = find(&reply["data"], "4101");
        assert_eq!(zhengzhou["label"], "郑州市");
        assert_eq!(zhengzhou["isLeaf"], false);
        assert!(zhengzhou.get("children").is_none());
    }
    let counties = app.get("/builder/common/v1/Area/registerplace?code=4101", None).await;
    let jinshui = find(&counties["data"], "410105");
    assert_eq!(jinshui["isLeaf"], true);
    let under_county = app.get("/builder/common/v1/Area/registerplace?code=410105", None).await;
    assert_eq!(under_county["data"], serde_json::json!([]));
    for bad in ["999999", "41abc", "4101050010010000", "%E9%83%91"] {
        let reply = app.get(&format!("/builder/common/v1/Area/registerplace?code={bad}"), None).await;
        assert_refused(&reply, "地区编码不存在");
    }
}
both!(the_registration_tree_loads_lazily);

async fn the_supervising_districts_are_the_sites_city(app: &TestApp) {
    let reply = app.post("/builder/common/v1/Area/guanxia_list", None, &[]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(values(&reply["data"]), ["4101"]);
    let zhengzhou = &reply["data"][0];
    assert_eq!(zhengzhou["label"], "郑州市");
    let jinshui = find(&zhengzhou["children"], "410105");
    let township = find(&jinshui["children"], "410105001");
    assert_eq!(township["label"], "经八路街道");
    assert!(township.get("children").is_none());
    for county in zhengzhou["children"].as_array().unwrap() {
        assert_eq!(county["value"].as_str().unwrap().len(), 6);
        for township in county["children"].as_array().into_iter().flatten() {
            assert_eq!(township["value"].as_str().unwrap().len(), 9);
        }
    }
}
both!(the_supervising_districts_are_the_sites_city);

async fn the_project_areas_start_at_the_counties(app: &TestApp) {
    let reply = app.post("/builder/common/v1/Area/jmarea", None, &[]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let counties = values(&reply["data"]);
    assert!(counties.contains(&"410105".to_owned()), "{counties:?}");
    assert!(counties.iter().all(|code| code.len() == 6 && code.starts_with("4101")));
    let jinshui = find(&reply["data"], "410105");
    assert_eq!(find(&jinshui["children"], "410105002")["label"], "花园路街道");
}
both!(the_project_areas_start_at_the_counties);

fn province_site(config: &mut wageguard::config::Config) {
    config.site.areacode = "410000".into();
}

async fn a_province_site_supervises_its_cities(app: &TestApp) {
    let reply = app.post("/builder/common/v1/Area/guanxia_list", None, &[]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let cities = values(&reply["data"]);
    assert!(cities.contains(&"4101".to_owned()) && cities.contains(&"4102".to_owned()), "{cities:?}");
    let counties = app.post("/builder/common/v1/Area/jmarea", None, &[]).await;
    let counties = values(&counties["data"]);
    assert!(counties.contains(&"410105".to_owned()) && counties.contains(&"410202".to_owned()), "{counties:?}");
}
both!(a_province_site_supervises_its_cities, province_site);

fn unknown_site(config: &mut wageguard::config::Config) {
    config.site.areacode = "9999".into();
}

async fn an_unknown_site_area_is_refused(app: &TestApp) {
    for path in ["/builder/common/v1/Area/guanxia_list", "/builder/common/v1/Area/jmarea"] {
        assert_refused(&app.post(path, None, &[]).await, "地区编码不存在");
    }
    let search = app.get("/builder/common/v1/Area/search?name=%E9%87%91%E6%B0%B4", None).await;
    assert_eq!(search["code"], 201, "the search still works: {search}");
}
both!(an_unknown_site_area_is_refused, unknown_site);

async fn districts_are_found_by_name(app: &TestApp) {
    // 金水
    let reply = app.get("/builder/common/v1/Area/search?name=%E9%87%91%E6%B0%B4", None).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let first = &reply["data"][0];
    assert_eq!(first["code"], "410105", "the site's own 金水区 comes first: {reply}");
    assert_eq!(first["name"], "金水区");
    assert_eq!(first["level"], 3);
    assert_eq!(first["path"], serde_json::json!(["41", "4101", "410105"]));
    assert_eq!(first["path_name"], "河南省/郑州市/金水区");
    // 街道: many hits, capped at 20
    let many = app.get("/builder/common/v1/Area/search?name=%E8%A1%97%E9%81%93", None).await;
    assert_eq!(many["data"].as_array().unwrap().len(), 20);
    // 没有这个地方
    let none = app
        .get("/builder/common/v1/Area/search?name=%E6%B2%A1%E6%9C%89%E8%BF%99%E4%B8%AA%E5%9C%B0%E6%96%B9", None)
        .await;
    assert_eq!(none["code"], 201);
    assert_eq!(none["data"], serde_json::json!([]));
}
both!(districts_are_found_by_name);

async fn a_bad_search_is_refused(app: &TestApp) {
    for query in ["", "?name=", "?name=%20%20"] {
        assert_refused(&app.get(&format!("/builder/common/v1/Area/search{query}"), None).await, "请输入地区名称");
    }
    let long = "%E9%87%91".repeat(21);
    assert_refused(
        &app.get(&format!("/builder/common/v1/Area/search?name={long}"), None).await,
        "地区名称不能超过20个字",
    );
}
both!(a_bad_search_is_refused);
