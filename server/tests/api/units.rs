//! Registration wizard steps 2 and 3: `Site/builderEdit`, `Site/ajaxBuilderEdit`, `Site/contractorEdit`,
//! `Site/ajaxContructorEdit` and the company search / credit-code look-up `Site/ajax_builder`.

use serde_json::{Value, json};

use crate::both;
use crate::support::{TestApp, assert_refused};

const BUILDER_LOAD: &str = "/builder/common/v1/Site/builderEdit";
const BUILDER_SAVE: &str = "/builder/common/v1/Site/ajaxBuilderEdit";
const CONTRACTOR_LOAD: &str = "/builder/common/v1/Site/contractorEdit";
const CONTRACTOR_SAVE: &str = "/builder/common/v1/Site/ajaxContructorEdit";
const SEARCH: &str = "/builder/common/v1/Site/ajax_builder";
const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch";
const PASSWORD: &str = "Demo@12345";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
const PDF: &[u8] = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n";
const BUILDER_CODE: &str = "91410100MA3X000008";
const CONTRACTOR_CODE: &str = "91350100M000100Y43";
pub const CONTRACTOR_NAME: &str = "河南建工集团有限公司";

/// Companies other than the demo project's own (its general contractor, seeded with the demo roster).
const NEWSITE_COMPANIES: &str =
    "SELECT COUNT(*) FROM companies WHERE id NOT IN (SELECT company_id FROM project_units WHERE project_id = 1)";

type Form = Vec<(&'static str, String)>;

fn form(pairs: &[(&'static str, &str)]) -> Form {
    pairs.iter().map(|(key, value)| (*key, (*value).to_owned())).collect()
}

fn builder_form() -> Form {
    form(&[
        ("Name", "郑州市金水区教育局"),
        ("SocialCreditCode", "91410100ma3x000008"),
        ("RegisteredArea", "41,4101,410105"),
        ("RegisterDate", "2010-05-20"),
        ("RegisteredAddress", "河南省郑州市金水区文化路1号"),
        ("LegalPerson", "王建国"),
        ("LegalPersonPhone", "0371-66668888"),
        ("LegalPersonIdNumber", "410102199003074319"),
        ("OfficeAddress", "河南省郑州市金水区文化路1号"),
        ("projectLeader", "赵立新"),
        ("projectLeaderPhone", "13800138000"),
        ("projectLeaderIdNumber", "11010519491231002x"),
        ("ProvinceCompanyType", "1"),
        ("paytype", "322"),
        ("desposit", "12.345678"),
        ("guaranteepath", ""),
        ("startdate", "2026-03-01"),
        ("enddate", "2027-02-28"),
    ])
}

fn contractor_form(guarantee: &str, attachments: &str) -> Form {
    let mut pairs = form(&[
        ("Name", CONTRACTOR_NAME),
        ("SocialCreditCode", CONTRACTOR_CODE),
        ("RegisteredArea", "41,4101"),
        ("RegisterDate", "2001-01-08"),
        ("RegisteredAddress", "河南省郑州市二七区建设路8号"),
        ("LegalPerson", "J. Smith"),
        ("LegalPersonPhone", "13912345678"),
        ("LegalPersonIdNumber", "420802198511200620"),
        ("OfficeAddress", "河南省郑州市二七区建设路8号"),
        ("projectLeader", "孙志强"),
        ("projectLeaderPhone", "13700137000"),
        ("projectLeaderIdNumber", "410102199003074327"),
        ("ProvinceCompanyType", "2"),
        ("paytype", "321"),
        ("desposit", "0.000001"),
        ("laborLeader", "阿依古丽·买买提"),
        ("laborLeaderPhone", "13600136000"),
        ("laborLeaderIdNumber", "410102199003074319"),
        ("sitemanager", "钱多多"),
        ("sitemanagerphone", "0371-5678901"),
        ("sitemanagerIdNumber", "11010519491231002X"),
    ]);
    pairs.push(("guaranteepath", guarantee.to_owned()));
    pairs.push(("ContractAttachment", attachments.to_owned()));
    pairs
}

fn with(base: &Form, changes: &[(&'static str, &str)]) -> Form {
    let mut form = base.clone();
    for (key, value) in changes {
        form.retain(|(existing, _)| existing != key);
        form.push((key, (*value).to_owned()));
    }
    form
}

async fn send(app: &TestApp, path: &str, token: &str, form: &Form) -> Value {
    let pairs: Vec<(&str, &str)> = form.iter().map(|(key, value)| (*key, value.as_str())).collect();
    app.post(path, Some(token), &pairs).await
}

async fn load_builder(app: &TestApp, token: &str) -> Value {
    let reply = app.post(BUILDER_LOAD, Some(token), &[]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

async fn load_contractor(app: &TestApp, token: &str) -> Value {
    let reply = app.get(CONTRACTOR_LOAD, Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

async fn upload(app: &TestApp, token: &str, kind: &str, files: &[(&str, &[u8])]) -> Vec<String> {
    let reply = app.upload(&format!("{UPLOAD}?kind={kind}"), Some(token), files).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].as_array().expect("urls").iter().map(|url| url.as_str().expect("url").to_owned()).collect()
}

/// Steps 2 and 3 through the wizard's own endpoints: the builder, then the contractor with a guarantee
/// file and no contract attachment.
pub async fn save_units(app: &TestApp, token: &str) {
    assert_eq!(send(app, BUILDER_SAVE, token, &builder_form()).await["code"], 201);
    let guarantee = upload(app, token, "guarantee", &[("保函.pdf", PDF)]).await.remove(0);
    let reply = send(app, CONTRACTOR_SAVE, token, &contractor_form(&guarantee, "")).await;
    assert_eq!(reply["code"], 201, "{reply}");
}

async fn search(app: &TestApp, token: &str, query: &str) -> Value {
    app.get(&format!("{SEARCH}?{query}"), Some(token)).await
}

async fn a_new_site_loads_empty_unit_forms(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    let data = load_builder(app, &token).await;
    let form = &data["builderForm"];
    assert_eq!(form["id"], Value::Null, "{data}");
    for field in [
        "Name",
        "SocialCreditCode",
        "RegisterDate",
        "RegisteredAddress",
        "LegalPerson",
        "LegalPersonPhone",
        "LegalPersonIdNumber",
        "OfficeAddress",
        "projectLeader",
        "projectLeaderPhone",
        "projectLeaderIdNumber",
        "ProvinceCompanyType",
        "desposit",
        "guaranteepath",
        "startdate",
        "enddate",
    ] {
        assert_eq!(form[field], "", "{field} is empty: {data}");
    }
    assert_eq!(form["RegisteredArea"], json!([]));
    assert_eq!(form["paytype"], "321");
    assert_eq!(data["locked"], false);
    assert_eq!(data["desposittop"], "200", "no contract price yet: the default ceiling");
    assert_eq!(data["desposittop_display"], "200万");
    assert_eq!(data["editable"], true);
    assert_eq!(data["auditstatus"], "0");
    assert_eq!(data["depositmethod"][0], json!({"value": "321", "label": "现金"}));
    assert_eq!(data["company_type"][1]["label"], "施工总承包");

    let data = load_contractor(app, &token).await;
    let form = &data["contructorForm"];
    assert_eq!(form["paytype"], "321");
    for field in [
        "Name",
        "laborLeader",
        "laborLeaderPhone",
        "laborLeaderIdNumber",
        "sitemanager",
        "sitemanagerphone",
        "sitemanagerIdNumber",
    ] {
        assert_eq!(form[field], "", "{field} is empty: {data}");
    }
    assert_eq!(form["ContractAttachment"], json!([]));
    assert_eq!(data["locked"], false);
}
both!(a_new_site_loads_empty_unit_forms);

async fn builder_and_contractor_round_trip(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    let reply = send(app, BUILDER_SAVE, &token, &builder_form()).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["message"], "操作成功!");
    assert_eq!(reply["data"], json!({"depositWarning": false, "desposittop": "200", "locked": true}));
    let data = load_builder(app, &token).await;
    let form = &data["builderForm"];
    assert!(form["id"].as_i64().is_some(), "{data}");
    assert_eq!(form["Name"], "郑州市金水区教育局");
    assert_eq!(form["SocialCreditCode"], BUILDER_CODE, "upper-cased");
    assert_eq!(form["RegisteredArea"], json!(["41", "4101", "410105"]));
    assert_eq!(form["RegisterDate"], "2010-05-20");
    assert_eq!(form["LegalPerson"], "王建国");
    assert_eq!(form["LegalPersonPhone"], "0371-66668888");
    assert_eq!(form["LegalPersonIdNumber"], "410102199003074319");
    assert_eq!(form["projectLeaderIdNumber"], "11010519491231002X");
    assert_eq!(form["ProvinceCompanyType"], "1");
    assert_eq!(form["paytype"], "322");
    assert_eq!(form["desposit"], "12.345678", "exact");
    assert_eq!(form["startdate"], "2026-03-01");
    assert_eq!(form["enddate"], "2027-02-28");
    assert_eq!(data["locked"], true);
    assert_eq!(data["wizard_step"], 3);
    assert_eq!(app.scalar("SELECT deposit_fen FROM project_units WHERE role = 'builder' AND project_id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await, 12_345_678);

    // The contractor, with its guarantee file and two contract attachments uploaded by the project.
    let guarantee = upload(app, &token, "guarantee", &[("保函.pdf", PDF)]).await.remove(0);
    let attachments = upload(app, &token, "contract", &[("a.png", PNG), ("b.png", PNG)]).await.join(",");
    let reply = send(app, CONTRACTOR_SAVE, &token, &contractor_form(&guarantee, &attachments)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["data"]["depositWarning"], false);
    let data = load_contractor(app, &token).await;
    let form = &data["contructorForm"];
    assert_eq!(form["Name"], "河南建工集团有限公司");
    assert_eq!(form["LegalPerson"], "J. Smith");
    assert_eq!(form["laborLeader"], "阿依古丽·买买提");
    assert_eq!(form["sitemanagerphone"], "0371-5678901");
    assert_eq!(form["desposit"], "0.000001", "exact");
    assert_eq!(form["guaranteepath"], guarantee.as_str());
    assert_eq!(form["ContractAttachment"].as_array().unwrap().len(), 2);
    assert_eq!(
        form["ContractAttachment"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u.as_str().unwrap())
            .collect::<Vec<_>>()
            .join(","),
        attachments
    );
    assert_eq!(form["startdate"], "", "the contractor's guarantee dates are optional");
    assert_eq!(data["wizard_step"], 4);

    // A deposit above the ceiling is saved with the warning flag (200万 without a contract price).
    let reply =
        send(app, CONTRACTOR_SAVE, &token, &with(&contractor_form(&guarantee, ""), &[("desposit", "200.000001")]))
            .await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["data"]["depositWarning"], true);
    assert_eq!(load_contractor(app, &token).await["contructorForm"]["ContractAttachment"], json!([]));
    // With a contract price the ceiling is 3 % of it.
    app.exec("UPDATE projects SET contract_price_fen = 12345678901 WHERE id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await;
    assert_eq!(load_builder(app, &token).await["desposittop"], "370.370367");
    let reply = send(app, BUILDER_SAVE, &token, &with(&builder_form(), &[("desposit", "370.370368")])).await;
    assert_eq!(reply["data"], json!({"depositWarning": true, "desposittop": "370.370367", "locked": true}));
    let reply = send(app, BUILDER_SAVE, &token, &with(&builder_form(), &[("desposit", "")])).await;
    assert_eq!(reply["data"]["depositWarning"], false, "the builder's deposit is optional");
    assert_eq!(load_builder(app, &token).await["builderForm"]["desposit"], "");

    // Operation log: one line per save, with the change summary, ID numbers masked.
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '保存建设单位信息' AND target_type = 'project'")
            .await,
        3
    );
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM operation_log WHERE action = '保存施工总包单位信息' AND account_name = 'newsite'"
        )
        .await,
        2
    );
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '保存建设单位信息' AND detail LIKE '%desposit: \"\" → \"12.345678\"%' AND detail LIKE '%410102********4319%'").await,
        1
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE detail LIKE '%410102199003074319%'").await, 0);
}
both!(builder_and_contractor_round_trip);

async fn a_known_credit_code_fills_and_locks_the_company(app: &TestApp) {
    let newsite = app.login("newsite", PASSWORD).await;
    assert_eq!(send(app, BUILDER_SAVE, &newsite, &builder_form()).await["code"], 201);

    // Another builder account looks the code up (any case, trimmed): the stored fields, masked, locked.
    let demo = app.login("demo", PASSWORD).await;
    let reply = search(app, &demo, "code=%2091410100ma3x000008%20").await;
    assert_eq!(reply["code"], 201, "{reply}");
    let hits = reply["data"].as_array().unwrap();
    assert_eq!(hits.len(), 1, "{reply}");
    assert_eq!(hits[0]["Name"], "郑州市金水区教育局");
    assert_eq!(hits[0]["SocialCreditCode"], BUILDER_CODE);
    assert_eq!(hits[0]["RegisteredArea"], json!(["41", "4101", "410105"]));
    assert_eq!(hits[0]["LegalPersonPhone"], "037******8888");
    assert_eq!(hits[0]["LegalPersonIdNumber"], "410102********4319");
    assert_eq!(hits[0]["locked"], true);
    assert_eq!(search(app, &demo, &format!("code={CONTRACTOR_CODE}")).await["data"], json!([]));
    assert_refused(&search(app, &demo, "code=9141010").await, "统一社会信用代码应为18位");

    // Name search: substring, wildcard characters are literal, '/' companies are never listed.
    let reply = search(app, &demo, "name=%E6%95%99%E8%82%B2%E5%B1%80").await; // 教育局
    assert_eq!(reply["data"].as_array().unwrap().len(), 1, "{reply}");
    assert_eq!(search(app, &demo, "name=%25").await["data"], json!([]));
    assert_refused(&search(app, &demo, "name=%20").await, "请输入单位名称或统一社会信用代码");

    // The same code as newsite's contractor: the company's stored fields win whatever was sent,
    // masked values included; the unit's own fields are saved.
    let guarantee = upload(app, &newsite, "guarantee", &[("g.png", PNG)]).await.remove(0);
    let tampered = with(
        &contractor_form(&guarantee, ""),
        &[
            ("SocialCreditCode", BUILDER_CODE),
            ("Name", "改名有限公司"),
            ("LegalPersonIdNumber", "410102********4319"),
            ("RegisteredArea", ""),
        ],
    );
    let reply = send(app, CONTRACTOR_SAVE, &newsite, &tampered).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let data = load_contractor(app, &newsite).await;
    assert_eq!(data["locked"], true);
    assert_eq!(data["contructorForm"]["Name"], "郑州市金水区教育局");
    assert_eq!(data["contructorForm"]["LegalPersonIdNumber"], "410102199003074319");
    assert_eq!(data["contructorForm"]["projectLeader"], "孙志强");
    assert_eq!(app.scalar(NEWSITE_COMPANIES).await, 1);

    // A unit without a credit code ('/') gets its own company, locked after the first save too.
    let none = with(&contractor_form(&guarantee, ""), &[("SocialCreditCode", "/")]);
    assert_eq!(send(app, CONTRACTOR_SAVE, &newsite, &none).await["code"], 201);
    let renamed = with(&none, &[("Name", "另一个名字")]);
    assert_eq!(send(app, CONTRACTOR_SAVE, &newsite, &renamed).await["code"], 201);
    let data = load_contractor(app, &newsite).await;
    assert_eq!(data["contructorForm"]["SocialCreditCode"], "/");
    assert_eq!(data["contructorForm"]["Name"], "河南建工集团有限公司");
    assert_eq!(app.scalar(NEWSITE_COMPANIES).await, 2);
    assert_eq!(
        search(app, &demo, "name=%E6%B2%B3%E5%8D%97%E5%BB%BA%E5%B7%A5").await["data"],
        json!([]),
        "'/' companies are not searched"
    ); // 河南建工
}
both!(a_known_credit_code_fills_and_locks_the_company);

async fn every_refusal_answers_its_message_and_changes_nothing(app: &TestApp) {
    let token = app.login("newsite", PASSWORD).await;
    let builder_before = load_builder(app, &token).await;
    let contractor_before = load_contractor(app, &token).await;
    let guarantee = upload(app, &token, "guarantee", &[("g.pdf", PDF)]).await.remove(0);
    let image = upload(app, &token, "image", &[("i.png", PNG)]).await.remove(0);
    let contract = upload(app, &token, "contract", &[("c.png", PNG)]).await.remove(0);
    let demo = app.login("demo", PASSWORD).await;
    let foreign = upload(app, &demo, "contract", &[("d.png", PNG)]).await.remove(0);
    let ten: Vec<String> = (0..10).map(|_| contract.clone()).collect();
    let ten_distinct = upload(
        app,
        &token,
        "contract",
        &[("1.png", PNG), ("2.png", PNG), ("3.png", PNG), ("4.png", PNG), ("5.png", PNG)],
    )
    .await;
    let more = upload(
        app,
        &token,
        "contract",
        &[("6.png", PNG), ("7.png", PNG), ("8.png", PNG), ("9.png", PNG), ("10.png", PNG)],
    )
    .await;
    let too_many = [ten_distinct, more].concat().join(",");
    let long_name = "公".repeat(51);
    let b = builder_form();
    let c = contractor_form(&guarantee, &contract);
    let cases: Vec<(&str, Form, &str)> = vec![
        (BUILDER_SAVE, with(&b, &[("Name", "")]), "请填写单位名称"),
        (BUILDER_SAVE, with(&b, &[("Name", &long_name)]), "请输入1-50位非空格字符的单位名称"),
        (BUILDER_SAVE, with(&b, &[("Name", "金水 教育局")]), "请输入1-50位非空格字符的单位名称"),
        (BUILDER_SAVE, with(&b, &[("SocialCreditCode", "")]), "请填写统一社会信用代码"),
        (BUILDER_SAVE, with(&b, &[("SocialCreditCode", "91410100MA3X000009")]), "请填写正确的统一社会信用代码"),
        (BUILDER_SAVE, with(&b, &[("RegisteredArea", "")]), "请选择注册地区"),
        (BUILDER_SAVE, with(&b, &[("RegisteredArea", "4101,410105")]), "请选择正确的注册地区"),
        (BUILDER_SAVE, with(&b, &[("RegisteredArea", "41,4102,410105")]), "请选择正确的注册地区"),
        (BUILDER_SAVE, with(&b, &[("RegisterDate", "")]), "请选择注册日期"),
        (BUILDER_SAVE, with(&b, &[("RegisterDate", "2010-02-30")]), "请选择正确的日期"),
        (BUILDER_SAVE, with(&b, &[("RegisteredAddress", "郑州")]), "请输入规范的地址"),
        (BUILDER_SAVE, with(&b, &[("LegalPerson", "王")]), "请填写规范的姓名"),
        (BUILDER_SAVE, with(&b, &[("LegalPerson", "O'Brien")]), "请填写规范的姓名"),
        (BUILDER_SAVE, with(&b, &[("LegalPersonPhone", "")]), "请填写联系电话"),
        (BUILDER_SAVE, with(&b, &[("LegalPersonPhone", "12800138000")]), "请填写正确的联系电话"),
        (BUILDER_SAVE, with(&b, &[("LegalPersonIdNumber", "410102199003074318")]), "请填写正确的身份证号码"),
        (BUILDER_SAVE, with(&b, &[("OfficeAddress", "")]), "请输入规范的地址"),
        (BUILDER_SAVE, with(&b, &[("ProvinceCompanyType", "")]), "请选择单位类型"),
        (BUILDER_SAVE, with(&b, &[("ProvinceCompanyType", "9")]), "请选择正确的单位类型"),
        (BUILDER_SAVE, with(&b, &[("projectLeader", "")]), "请填写规范的姓名"),
        (BUILDER_SAVE, with(&b, &[("projectLeaderPhone", "0371-0666888")]), "请填写正确的联系电话"),
        (BUILDER_SAVE, with(&b, &[("projectLeaderIdNumber", "")]), "请填写正确的身份证号码"),
        (BUILDER_SAVE, with(&b, &[("paytype", "")]), "请选择缴纳方式"),
        (BUILDER_SAVE, with(&b, &[("paytype", "320")]), "请选择正确的缴纳方式"),
        (BUILDER_SAVE, with(&b, &[("desposit", "12.1234567")]), "保证金金额最多6位小数"),
        (BUILDER_SAVE, with(&b, &[("desposit", "10000")]), "保证金金额最多4位整数"),
        (BUILDER_SAVE, with(&b, &[("desposit", "1,000")]), "请填写正确的保证金金额"),
        (BUILDER_SAVE, with(&b, &[("startdate", "")]), "请选择保函有效期"),
        (BUILDER_SAVE, with(&b, &[("startdate", ""), ("enddate", "")]), "请选择保函有效期"),
        (BUILDER_SAVE, with(&b, &[("startdate", "2027-03-01")]), "保函有效期开始日期不能晚于结束日期"),
        (BUILDER_SAVE, with(&b, &[("guaranteepath", "https://example.com/a.pdf")]), "保函文件须为本项目上传的文件"),
        (BUILDER_SAVE, with(&b, &[("guaranteepath", &image)]), "保函文件须为本项目上传的文件"),
        (CONTRACTOR_SAVE, with(&c, &[("desposit", "")]), "请填写保证金金额"),
        (CONTRACTOR_SAVE, with(&c, &[("guaranteepath", "")]), "请上传保函文件"),
        (CONTRACTOR_SAVE, with(&c, &[("laborLeader", "")]), "请填写规范的姓名"),
        (CONTRACTOR_SAVE, with(&c, &[("laborLeaderPhone", "")]), "请填写联系电话"),
        (CONTRACTOR_SAVE, with(&c, &[("laborLeaderIdNumber", "123")]), "请填写正确的身份证号码"),
        (CONTRACTOR_SAVE, with(&c, &[("sitemanager", "Smith--J")]), "请填写规范的姓名"),
        (CONTRACTOR_SAVE, with(&c, &[("sitemanagerphone", "")]), "请填写联系电话"),
        (CONTRACTOR_SAVE, with(&c, &[("sitemanagerIdNumber", "")]), "请填写正确的身份证号码"),
        (CONTRACTOR_SAVE, with(&c, &[("ContractAttachment", &too_many)]), "当前限制选择9个文件"),
        (CONTRACTOR_SAVE, with(&c, &[("ContractAttachment", &image)]), "合同附件须为本项目上传的图片"),
        (CONTRACTOR_SAVE, with(&c, &[("ContractAttachment", &foreign)]), "合同附件须为本项目上传的图片"),
        (
            CONTRACTOR_SAVE,
            with(&c, &[("ContractAttachment", "/uploads/../../etc/passwd")]),
            "合同附件须为本项目上传的图片",
        ),
        (CONTRACTOR_SAVE, with(&c, &[("startdate", "2026-01-01")]), "请选择保函有效期"),
    ];
    assert!(cases.len() >= 15);
    for (path, form, message) in &cases {
        let reply = send(app, path, &token, form).await;
        assert_refused(&reply, message);
    }
    // Repeating one attachment is not "more than 9": duplicates collapse.
    let reply = send(app, CONTRACTOR_SAVE, &token, &with(&c, &[("ContractAttachment", &ten.join(","))])).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(load_contractor(app, &token).await["contructorForm"]["ContractAttachment"], json!([contract]));
    // The save that went through staffed the key posts at the unit (see step_three_staffs_the_key_posts).
    app.exec(
        "DELETE FROM project_staff WHERE project_id = (SELECT project_id FROM accounts WHERE username = 'newsite')",
    )
    .await;
    app.exec(
        "DELETE FROM project_units WHERE project_id = (SELECT project_id FROM accounts WHERE username = 'newsite')",
    )
    .await;
    app.exec("DELETE FROM companies WHERE id NOT IN (SELECT company_id FROM project_units)").await;
    app.exec("DELETE FROM operation_log WHERE action = '保存施工总包单位信息'").await;
    app.exec(
        "UPDATE projects SET wizard_step = 1 WHERE id = (SELECT project_id FROM accounts WHERE username = 'newsite')",
    )
    .await;

    assert_eq!(load_builder(app, &token).await, builder_before, "nothing changed");
    assert_eq!(load_contractor(app, &token).await, contractor_before, "nothing changed");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action IN ('保存建设单位信息', '保存施工总包单位信息')")
            .await,
        0
    );
}
both!(every_refusal_answers_its_message_and_changes_nothing);

async fn only_an_editable_builder_project_may_save(app: &TestApp) {
    // demo's project is approved: it loads but may not save.
    let demo = app.login("demo", PASSWORD).await;
    let data = load_builder(app, &demo).await;
    assert_eq!(data["editable"], false);
    for path in [BUILDER_SAVE, CONTRACTOR_SAVE] {
        let reply = send(app, path, &demo, &builder_form()).await;
        assert_eq!(reply["code"], 403, "{reply}");
        assert_eq!(reply["message"], "项目已审核通过，不能修改");
    }
    assert_eq!(load_contractor(app, &demo).await["editable"], false);

    // Submitted: 403; rejected: saves again.
    let newsite = app.login("newsite", PASSWORD).await;
    app.exec("UPDATE projects SET audit_status = '1' WHERE id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await;
    let reply = send(app, BUILDER_SAVE, &newsite, &builder_form()).await;
    assert_eq!(reply["code"], 403, "{reply}");
    assert_eq!(reply["message"], "项目已提交审核，不能修改");
    app.exec("UPDATE projects SET audit_status = '3' WHERE id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await;
    assert_eq!(send(app, BUILDER_SAVE, &newsite, &builder_form()).await["code"], 201);

    // An id that is not this project's unit.
    let reply = send(app, BUILDER_SAVE, &newsite, &with(&builder_form(), &[("id", "999999")])).await;
    assert_eq!(reply["code"], 403, "{reply}");
    assert_eq!(reply["message"], "不能修改其他项目的信息");
    let id = load_builder(app, &newsite).await["builderForm"]["id"].as_i64().unwrap().to_string();
    assert_eq!(send(app, BUILDER_SAVE, &newsite, &with(&builder_form(), &[("id", &id)])).await["code"], 201);

    // Finance and admin sessions.
    for (user, password) in [("finance", PASSWORD), ("admin", "Admin@12345")] {
        let token = app.login(user, password).await;
        for path in [BUILDER_SAVE, CONTRACTOR_SAVE, BUILDER_LOAD] {
            let reply = send(app, path, &token, &builder_form()).await;
            assert_eq!(reply["code"], 403, "{user} {path}: {reply}");
            assert_eq!(reply["message"], "当前账号不能填写项目登记信息");
        }
        assert_eq!(app.get(CONTRACTOR_LOAD, Some(&token)).await["code"], 403);
        assert_eq!(search(app, &token, "name=a").await["code"], 403);
    }

    // No session.
    assert_eq!(app.post(BUILDER_SAVE, None, &[]).await["code"], 101);
    assert_eq!(app.get(CONTRACTOR_LOAD, None).await["code"], 101);
    assert_eq!(app.get(&format!("{SEARCH}?name=a"), None).await["code"], 101);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '保存建设单位信息'").await, 2);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM project_units WHERE project_id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await,
        1
    );
}
both!(only_an_editable_builder_project_may_save);

/// Step 3's project leader is the project's 项目经理 and its labour clerk the 劳资专管员: saved, the key posts
/// are staffed (the workbench's 关键岗位 and the pay step read them); saved again, the holders are replaced.
async fn step_three_staffs_the_key_posts(app: &TestApp) {
    use wageguard::project::staff::service::key_posts_missing;
    let token = app.login("newsite", PASSWORD).await;
    let project = app.scalar("SELECT project_id FROM accounts WHERE username = 'newsite'").await;
    assert_eq!(key_posts_missing(&app.db, project).await.unwrap(), vec!["项目经理", "劳资专管员"]);
    save_units(app, &token).await;
    assert_eq!(key_posts_missing(&app.db, project).await.unwrap(), Vec::<&str>::new());
    let staff = |post: &'static str| {
        format!(
            "SELECT COUNT(*) FROM project_staff s JOIN project_units u ON u.id = s.unit_id \
             WHERE s.project_id = {project} AND u.role = 'contractor' AND s.post = '{post}' AND s.exit_date = ''"
        )
    };
    assert_eq!(
        app.scalar_owned(staff("项目经理") + " AND s.name = '孙志强' AND s.id_number = '410102199003074327'").await,
        1
    );
    assert_eq!(
        app.scalar_owned(staff("劳资专管员") + " AND s.name = '阿依古丽·买买提' AND s.phone = '13600136000'").await,
        1
    );

    let guarantee = upload(app, &token, "guarantee", &[("保函.pdf", PDF)]).await.remove(0);
    let changed = with(
        &contractor_form(&guarantee, ""),
        &[("laborLeader", "周敏"), ("laborLeaderPhone", "13600136001"), ("laborLeaderIdNumber", "11010519491231002X")],
    );
    assert_eq!(send(app, CONTRACTOR_SAVE, &token, &changed).await["code"], 201);
    assert_eq!(app.scalar_owned(staff("劳资专管员")).await, 1, "replaced, not added");
    assert_eq!(app.scalar_owned(staff("劳资专管员") + " AND s.name = '周敏'").await, 1);
    assert_eq!(app.scalar_owned(staff("项目经理")).await, 1);
    let logged = "SELECT COUNT(*) FROM operation_log WHERE action = '登记关键岗位' AND detail LIKE '%周敏%'";
    assert_eq!(app.scalar(logged).await, 1, "the change of the holder is logged");
}
both!(step_three_staffs_the_key_posts);
