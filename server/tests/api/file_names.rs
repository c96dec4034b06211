//! `site/file_names`: pages that keep stored addresses show each file by the name it was uploaded with, to
//! those who may read it.

use crate::both;
use crate::support::TestApp;
use crate::upload::{PDF, PNG};

const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch";
const NAMES: &str = "/builder/common/v1/site/file_names";

async fn files_are_named_as_uploaded_to_those_who_may_read_them(app: &TestApp) {
    let demo = app.login("demo", "Demo@12345").await;
    let reply = app.upload(&format!("{UPLOAD}?kind=guarantee"), Some(&demo), &[("履约保函.pdf", PDF)]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let pdf = reply["data"][0].as_str().unwrap().to_owned();
    let reply = app.upload(UPLOAD, Some(&demo), &[("工资发放现场.png", PNG)]).await;
    let png = reply["data"][0].as_str().unwrap().to_owned();
    let unknown = "/uploads/0123456789abcdef0123456789abcdef.png";
    let asked = format!("{NAMES}?urls={pdf},{unknown},../../etc/passwd,{png}");

    let named = app.get(&asked, Some(&demo)).await;
    assert_eq!(named["code"], 201, "{named}");
    assert_eq!(
        named["data"],
        serde_json::json!([
            {"name": "履约保函.pdf", "url": pdf, "image": false},
            {"name": "工资发放现场.png", "url": png, "image": true},
        ])
    );
    let inspector = app.login("jiancha", "Demo@12345").await;
    assert_eq!(app.get(&asked, Some(&inspector)).await["data"].as_array().unwrap().len(), 2, "the district's 监察");

    let other = app.login("newsite", "Demo@12345").await;
    let foreign = app.get(&asked, Some(&other)).await;
    assert_eq!(foreign["code"], 201, "{foreign}");
    assert_eq!(foreign["data"], serde_json::json!([]), "another project learns no name");
    assert_eq!(app.get(&asked, None).await["code"], 101);

    let too_many = vec![png.as_str(); 51].join(",");
    let refused = app.get(&format!("{NAMES}?urls={too_many}"), Some(&demo)).await;
    assert_eq!(refused["message"], "一次最多查询50个文件", "{refused}");
}
both!(files_are_named_as_uploaded_to_those_who_may_read_them);
