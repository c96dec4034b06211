//! Builder and construction unit information with the guarantee's change flow, and the participating
//! units: `/builder/company/v1/Company/…`.

use serde_json::{Value, json};

use crate::both;
use crate::support::{TestApp, assert_refused};

const INFO: &str = "/builder/company/v1/Company/ajax_company_info";
const LEADERS: &str = "/builder/company/v1/Company/company_edit_save";
const LOOKUP: &str = "/builder/company/v1/Company/ajax_get_company_info";
const CHANGE: &str = "/builder/company/v1/Company/ajax_change_guarantee";
const SET_READ: &str = "/builder/company/v1/Company/ajax_guarantee_set_read";
const TYPES: &str = "/builder/company/v1/Company/Get_constructionType";
const ALL: &str = "/builder/company/v1/Company/ajax_company_all";
const LIST: &str = "/builder/company/v1/Company/construction_list";
const EDIT: &str = "/builder/company/v1/Company/construction_edit";
const SAVE: &str = "/builder/company/v1/Company/construction_save";
const EDIT_SAVE: &str = "/builder/company/v1/Company/construction_edit_save";
const REENTRY: &str = "/builder/company/v1/Company/ajax_edit_save";
const EXIT: &str = "/builder/company/v1/Company/ajax_exitall";
const DELETE: &str = "/builder/company/v1/Company/ajax_deleteall";
const UPLOAD: &str = "/builder/common/v1/site/upload_file_batch";
const COUNT: &str = "/builder/message/v1/Message/ajaxmessagecount";
const PASSWORD: &str = "Demo@12345";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
const PDF: &[u8] = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n";
/// Demo units of project 1.
const SUBCONTRACTOR: &str = "河南中安消防设施工程有限公司";
const SUBCONTRACTOR_CODE: &str = "91410100MA46C8TL28";
const LABOUR: &str = "郑州恒信建筑劳务有限公司";
const NEW_CODE: &str = "91410105MA9F0K0Q1N";

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

fn new_unit_form() -> Form {
    [
        ("construction_type", "105"),
        ("Name", "河南锦绣装饰工程有限公司"),
        ("SocialCreditCode", NEW_CODE),
        ("RegisteredArea", "41,4101,410105"),
        ("RegisterDate", "2015-06-01"),
        ("RegisteredAddress", "河南省郑州市金水区农业路20号"),
        ("LegalPerson", "何锦绣"),
        ("LegalPersonPhone", "13812345678"),
        ("LegalPersonIdNumber", "410102199003074319"),
        ("OfficeAddress", "河南省郑州市金水区农业路20号"),
        ("ProvinceCompanyType", "3"),
        ("projectLeader", "何锦绣"),
        ("projectLeaderPhone", "13812345678"),
        ("projectLeaderIdNumber", "410102199003074319"),
        ("laborLeader", "阿依古丽·买买提"),
        ("laborLeaderPhone", "13600136000"),
        ("laborLeaderIdNumber", "11010519491231002X"),
        ("sitemanager", "钱多多"),
        ("sitemanagerphone", "0371-5678901"),
        ("sitemanagerIdNumber", "420802198511200620"),
        ("ContractAttachment", ""),
        ("entry_date", "2026-04-01"),
    ]
    .iter()
    .map(|(key, value)| (*key, (*value).to_owned()))
    .collect()
}

async fn upload(app: &TestApp, token: &str, kind: &str, files: &[(&str, &[u8])]) -> Vec<String> {
    let reply = app.upload(&format!("{UPLOAD}?kind={kind}"), Some(token), files).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].as_array().expect("urls").iter().map(|url| url.as_str().expect("url").to_owned()).collect()
}

async fn list(app: &TestApp, token: &str, query: &str) -> Value {
    let reply = app.get(&format!("{LIST}?{query}"), Some(token)).await;
    assert_eq!(reply["code"], 201, "{reply}");
    reply["data"].clone()
}

/// The id of the unit of project 1 whose company has this name.
async fn unit_id(app: &TestApp, token: &str, name: &str) -> String {
    let data = list(app, token, &format!("name={name}")).await;
    data["list"][0]["id"].as_i64().unwrap_or_else(|| panic!("unit {name}: {data}")).to_string()
}

async fn log_lines(app: &TestApp, action: &'static str) -> i64 {
    let sql: &'static str =
        Box::leak(format!("SELECT COUNT(*) FROM operation_log WHERE action = '{action}'").into_boxed_str());
    app.scalar(sql).await
}

/// A worker on site in project 1's labour subcontractor (no worker API yet: straight into the tables).
async fn put_worker_on_site_of_labour(app: &TestApp) {
    app.exec("INSERT INTO workers (id_number, name, gender, created_at, updated_at) VALUES ('110105194912310029', '马小红', 2, 0, 0)").await;
    app.exec(
        "INSERT INTO employments (project_id, worker_id, unit_id, entry_date, created_at, updated_at) \
         SELECT u.project_id, (SELECT id FROM workers WHERE id_number = '110105194912310029'), u.id, '2026-03-02', 0, 0 \
         FROM project_units u JOIN companies c ON c.id = u.company_id WHERE c.name = '郑州恒信建筑劳务有限公司'",
    )
    .await;
}

async fn the_information_pages_show_the_registered_units(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let reply = app.post(INFO, Some(&token), &[("type", "builder")]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let data = &reply["data"];
    assert_eq!(data["role"], "builder");
    assert_eq!(data["role_label"], "建设单位");
    assert_eq!(data["locked"], true);
    assert_eq!(data["desposittop"], "385.8", "3% of the demo contract price, 12860万");
    assert_eq!(data["form"]["Name"], "郑州市金水区城市建设投资有限公司");
    assert_eq!(data["form"]["SocialCreditCode"], "91410105MA45R2K3XH");
    assert_eq!(data["form"]["projectLeader"], "陈静");
    assert_eq!(data["form"]["paytype"], "322");
    assert_eq!(data["form"]["desposit"], "150");
    assert_eq!(data["form"]["startdate"], "2026-01-01");
    assert_eq!(data["guarantee_changes"], json!([]));
    assert_eq!(data["depositmethod"][1]["label"], "银行保函");

    let contractor = app.post(INFO, Some(&token), &[("type", "contractor")]).await;
    assert_eq!(contractor["data"]["form"]["Name"], "河南省第一建筑工程集团有限责任公司");
    assert_eq!(contractor["data"]["form"]["sitemanager"], "赵磊");

    assert_refused(&app.post(INFO, Some(&token), &[]).await, "请选择建设单位或施工总包单位");
    assert_refused(&app.post(INFO, Some(&token), &[("type", "labour")]).await, "请选择建设单位或施工总包单位");
    let newsite = app.login("newsite", PASSWORD).await;
    assert_eq!(app.post(INFO, Some(&newsite), &[("type", "builder")]).await["code"], 404, "not registered yet");

    let admin = app.login("admin", "Admin@12345").await;
    assert_refused(&app.post(INFO, Some(&admin), &[("type", "builder")]).await, "请选择项目");
    let seen = app.post(INFO, Some(&admin), &[("type", "builder"), ("projectId", "1")]).await;
    assert_eq!(seen["data"]["form"]["projectLeader"], "陈静", "the regulator reads any project");
    let finance = app.login("finance", PASSWORD).await;
    assert_eq!(app.post(INFO, Some(&finance), &[("type", "builder")]).await["code"], 403);
    assert_eq!(app.post(INFO, None, &[("type", "builder")]).await["code"], 101);
}
both!(the_information_pages_show_the_registered_units);

async fn leaders_change_and_the_company_stays(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let leaders: Form = [
        ("type", "contractor"),
        ("Name", "改名公司"),
        ("projectLeader", "孙志强"),
        ("projectLeaderPhone", "13700137000"),
        ("projectLeaderIdNumber", "410102199003074327"),
        ("laborLeader", "J. Smith"),
        ("laborLeaderPhone", "0371-66668888"),
        ("laborLeaderIdNumber", "420802198511200620"),
        ("sitemanager", "钱多多"),
        ("sitemanagerphone", "13600136000"),
        ("sitemanagerIdNumber", "11010519491231002x"),
    ]
    .iter()
    .map(|(key, value)| (*key, (*value).to_owned()))
    .collect();
    assert_refused(
        &send(app, LEADERS, &token, &with(&leaders, &[("sitemanagerphone", "12345")])).await,
        "请填写正确的联系电话",
    );
    assert_refused(
        &send(app, LEADERS, &token, &with(&leaders, &[("laborLeaderIdNumber", "420802198511200621")])).await,
        "请填写正确的身份证号码",
    );
    assert_refused(&send(app, LEADERS, &token, &with(&leaders, &[("projectLeader", "王")])).await, "请填写规范的姓名");
    assert_refused(&send(app, LEADERS, &token, &with(&leaders, &[("type", "")])).await, "请选择建设单位或施工总包单位");
    assert_eq!(log_lines(app, "修改施工总包单位负责人").await, 0, "nothing stored");

    let reply = send(app, LEADERS, &token, &leaders).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let form = app.post(INFO, Some(&token), &[("type", "contractor")]).await["data"]["form"].clone();
    assert_eq!(form["projectLeader"], "孙志强");
    assert_eq!(form["laborLeader"], "J. Smith");
    assert_eq!(form["sitemanagerIdNumber"], "11010519491231002X");
    assert_eq!(form["Name"], "河南省第一建筑工程集团有限责任公司", "the company stays locked");
    assert_eq!(log_lines(app, "修改施工总包单位负责人").await, 1);

    // The builder has only a project leader.
    let reply = app
        .post(
            LEADERS,
            Some(&token),
            &[
                ("type", "builder"),
                ("projectLeader", "赵立新"),
                ("projectLeaderPhone", "13800138000"),
                ("projectLeaderIdNumber", "11010519491231002X"),
            ],
        )
        .await;
    assert_eq!(reply["code"], 201, "{reply}");

    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(send(app, LEADERS, &admin, &leaders).await["code"], 403, "the regulator only reads");
    let finance = app.login("finance", PASSWORD).await;
    assert_eq!(send(app, LEADERS, &finance, &leaders).await["code"], 403);
}
both!(leaders_change_and_the_company_stays);

async fn a_guarantee_change_is_recorded_and_the_regulator_reads_it(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let admin = app.login("admin", "Admin@12345").await;
    let admin_unread = app.post(COUNT, Some(&admin), &[]).await["data"]["count"].as_i64().unwrap();
    let change: Form = [
        ("type", "builder"),
        ("paytype", "322"),
        ("desposit", "180.5"),
        ("startdate", "2026-01-01"),
        ("enddate", "2028-06-30"),
        ("reason", "保函续期"),
    ]
    .iter()
    .map(|(key, value)| (*key, (*value).to_owned()))
    .collect();
    assert_refused(&send(app, CHANGE, &token, &with(&change, &[("reason", " ")])).await, "请填写变更原因");
    assert_refused(
        &send(app, CHANGE, &token, &with(&change, &[("reason", &"长".repeat(201))])).await,
        "变更原因不能超过200个字",
    );
    assert_refused(&send(app, CHANGE, &token, &with(&change, &[("enddate", "")])).await, "请选择保函有效期");
    assert_refused(
        &send(app, CHANGE, &token, &with(&change, &[("enddate", "2025-01-01")])).await,
        "保函有效期开始日期不能晚于结束日期",
    );
    assert_refused(&send(app, CHANGE, &token, &with(&change, &[("paytype", "999")])).await, "请选择正确的缴纳方式");
    assert_refused(&send(app, CHANGE, &token, &with(&change, &[("desposit", "12345")])).await, "保证金金额最多4位整数");
    assert_refused(
        &send(app, CHANGE, &token, &with(&change, &[("desposit", "150"), ("enddate", "2027-12-31")])).await,
        "保证金信息没有变化",
    );
    assert_eq!(app.scalar("SELECT COUNT(*) FROM guarantee_changes").await, 0);

    let reply = send(app, CHANGE, &token, &change).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(reply["data"]["depositWarning"], false);
    let change_id = reply["data"]["id"].as_i64().unwrap().to_string();
    let info = app.post(INFO, Some(&token), &[("type", "builder")]).await["data"].clone();
    assert_eq!(info["form"]["desposit"], "180.5");
    assert_eq!(info["form"]["enddate"], "2028-06-30");
    let recorded = &info["guarantee_changes"][0];
    assert_eq!(recorded["before"]["desposit"], "150");
    assert_eq!(recorded["after"]["desposit"], "180.5");
    assert_eq!(recorded["after"]["paytype_label"], "银行保函");
    assert_eq!(recorded["reason"], "保函续期");
    assert_eq!(recorded["is_read"], false);
    assert_eq!(recorded["account_name"], "张建国");
    assert_eq!(log_lines(app, "变更工资保证金").await, 1);
    assert_eq!(app.post(COUNT, Some(&admin), &[]).await["data"]["count"], admin_unread + 1, "the regulator is told");

    // Above the ceiling (385.8万, 3% of the demo's 12860万): saved with the warning.
    let reply = send(app, CHANGE, &token, &with(&change, &[("desposit", "400")])).await;
    assert_eq!(reply["data"]["depositWarning"], true, "{reply}");

    // The contractor's change needs the guarantee file, uploaded by this project.
    let contractor: Form =
        [("type", "contractor"), ("paytype", "322"), ("desposit", "120"), ("reason", "改为银行保函")]
            .iter()
            .map(|(key, value)| (*key, (*value).to_owned()))
            .collect();
    assert_refused(&send(app, CHANGE, &token, &contractor).await, "请上传保函文件");
    assert_refused(
        &send(app, CHANGE, &token, &with(&contractor, &[("guaranteepath", "/uploads/nothere.pdf")])).await,
        "保函文件须为本项目上传的文件",
    );
    let file = upload(app, &token, "guarantee", &[("保函.pdf", PDF)]).await.remove(0);
    let reply = send(app, CHANGE, &token, &with(&contractor, &[("guaranteepath", &file)])).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let info = app.post(INFO, Some(&token), &[("type", "contractor")]).await["data"].clone();
    assert_eq!(info["form"]["guaranteepath"], file.as_str());
    assert_eq!(info["guarantee_changes"].as_array().unwrap().len(), 1, "each unit has its own changes");

    // Only the regulator marks a change read.
    assert_eq!(app.post(SET_READ, Some(&token), &[("id", &change_id)]).await["code"], 403);
    let finance = app.login("finance", PASSWORD).await;
    assert_eq!(app.post(SET_READ, Some(&finance), &[("id", &change_id)]).await["code"], 403);
    assert_eq!(app.post(SET_READ, Some(&admin), &[("id", "999999")]).await["code"], 404);
    assert_refused(&app.post(SET_READ, Some(&admin), &[("id", "x")]).await, "请选择保证金变更记录");
    let before_read = app.post(COUNT, Some(&admin), &[]).await["data"]["count"].as_i64().unwrap();
    let reply = app.post(SET_READ, Some(&admin), &[("id", &change_id)]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(app.post(COUNT, Some(&admin), &[]).await["data"]["count"], before_read - 1, "its message is read too");
    assert_eq!(app.post(SET_READ, Some(&admin), &[("id", &change_id)]).await["code"], 201, "again: nothing changes");
    let told = app.post("/builder/message/v1/Message/ajax_list", Some(&token), &[("kind", "guarantee")]).await;
    assert_eq!(told["data"]["total"], 1, "the project is told once that the bureau read it: {told}");
    assert_eq!(told["data"]["list"][0]["subjectId"].to_string(), change_id);
    assert_eq!(log_lines(app, "确认保证金变更").await, 1);
    let info = app.post(INFO, Some(&token), &[("type", "builder")]).await["data"].clone();
    let read = info["guarantee_changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == change_id.parse::<i64>().unwrap())
        .unwrap()
        .clone();
    assert_eq!(read["is_read"], true);
    assert_ne!(read["read_time"], "");

    assert_eq!(send(app, CHANGE, &admin, &change).await["code"], 403, "the regulator does not change guarantees");
    assert_eq!(send(app, CHANGE, &finance, &change).await["code"], 403);
}
both!(a_guarantee_change_is_recorded_and_the_regulator_reads_it);

async fn construction_types_and_the_company_lookup(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let types = app.get(TYPES, Some(&token)).await;
    assert_eq!(types["code"], 201);
    let list = types["data"].as_array().unwrap();
    assert!(list.iter().any(|t| t["value"] == "107" && t["label"] == "消防设施工程" && t["role"] == "subcontractor"));
    assert!(list.iter().any(|t| t["role"] == "labour"));
    assert_eq!(app.get(TYPES, None).await["code"], 101);

    let found = app.post(LOOKUP, Some(&token), &[("code", &SUBCONTRACTOR_CODE.to_lowercase())]).await;
    assert_eq!(found["data"][0]["Name"], SUBCONTRACTOR, "{found}");
    assert_eq!(found["data"][0]["locked"], true);
    assert_eq!(found["data"][0]["LegalPersonPhone"], "138****5678", "masked");
    assert_eq!(app.post(LOOKUP, Some(&token), &[("name", "劳务")]).await["data"][0]["Name"], LABOUR);
    assert_refused(&app.post(LOOKUP, Some(&token), &[]).await, "请输入单位名称或统一社会信用代码");
    assert_refused(&app.post(LOOKUP, Some(&token), &[("code", "123")]).await, "统一社会信用代码应为18位");
    let admin = app.login("admin", "Admin@12345").await;
    assert_eq!(app.post(LOOKUP, Some(&admin), &[("name", "劳务")]).await["code"], 403);
}
both!(construction_types_and_the_company_lookup);

async fn participating_units_are_added_listed_and_edited(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let data = list(app, &token, "").await;
    assert_eq!(data["total"], 4, "builder, contractor, the demo subcontractor and labour subcontractor: {data}");
    assert_eq!(data["list"][0]["role"], "builder");
    assert_eq!(data["list"][0]["fixed"], true);
    assert_eq!(data["list"][1]["role_label"], "施工总包");
    assert_eq!(data["list"][1]["team_count"], 3);

    let form = new_unit_form();
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("construction_type", "")])).await, "请选择分包类型");
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("construction_type", "999")])).await,
        "请选择正确的分包类型",
    );
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("SocialCreditCode", "91410105MA9F0K0Q1A")])).await,
        "请填写正确的统一社会信用代码",
    );
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("Name", "")])).await, "请填写单位名称");
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("laborLeaderPhone", "1360013600")])).await,
        "请填写正确的联系电话",
    );
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("sitemanagerIdNumber", "42080219851120062")])).await,
        "请填写正确的身份证号码",
    );
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("entry_date", "")])).await, "请选择进场日期");
    assert_refused(&send(app, SAVE, &token, &with(&form, &[("entry_date", "2026-02-30")])).await, "请选择正确的日期");
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("ContractAttachment", "/uploads/elsewhere.png")])).await,
        "合同附件须为本项目上传的图片",
    );
    let ten: Vec<String> = (0..10).map(|i| format!("/uploads/{i}.png")).collect();
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("ContractAttachment", &ten.join(","))])).await,
        "当前限制选择9个文件",
    );
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("SocialCreditCode", SUBCONTRACTOR_CODE)])).await,
        "该单位已是本项目的参建单位",
    );
    assert_eq!(list(app, &token, "").await["total"], 4, "nothing stored");

    let guarantee = upload(app, &token, "guarantee", &[("保函.pdf", PDF)]).await.remove(0);
    assert_refused(
        &send(app, SAVE, &token, &with(&form, &[("ContractAttachment", &guarantee)])).await,
        "合同附件须为本项目上传的图片",
    );
    let images = upload(app, &token, "contract", &[("a.png", PNG), ("b.png", PNG)]).await.join(",");
    let reply = send(
        app,
        SAVE,
        &token,
        &with(&form, &[("ContractAttachment", &images), ("SocialCreditCode", &NEW_CODE.to_lowercase())]),
    )
    .await;
    assert_eq!(reply["code"], 201, "{reply}");
    let id = reply["data"]["id"].as_i64().unwrap().to_string();
    assert_eq!(log_lines(app, "新增参建单位").await, 1);

    let detail = app.get(&format!("{EDIT}?id={id}"), Some(&token)).await;
    assert_eq!(detail["code"], 201, "{detail}");
    let d = &detail["data"];
    assert_eq!(d["role"], "subcontractor");
    assert_eq!(d["construction_type_label"], "建筑装修装饰工程");
    assert_eq!(d["company"]["Name"], "河南锦绣装饰工程有限公司");
    assert_eq!(d["company"]["SocialCreditCode"], NEW_CODE);
    assert_eq!(d["company"]["locked"], true);
    assert_eq!(d["laborLeader"], "阿依古丽·买买提");
    assert_eq!(d["laborLeaderIdNumber"], "11010519491231002X");
    assert_eq!(d["ContractAttachment"].as_array().unwrap().len(), 2);
    assert_eq!(d["entry_date"], "2026-04-01");
    assert_eq!(d["status"], 1);
    assert_eq!(d["status_label"], "在场");
    assert_eq!(app.get(&format!("{EDIT}?id=999999"), Some(&token)).await["code"], 404);
    assert_refused(&app.get(EDIT, Some(&token)).await, "请选择参建单位");

    // A company with a code already known (another project's unit) is linked as stored.
    let newsite = app.login("newsite", PASSWORD).await;
    let reply = send(app, SAVE, &newsite, &with(&form, &[("Name", "别的名字"), ("construction_type", "202")])).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let other = app.get(&format!("{EDIT}?id={}", reply["data"]["id"]), Some(&newsite)).await;
    assert_eq!(other["data"]["company"]["Name"], "河南锦绣装饰工程有限公司", "locked company kept");
    assert_eq!(other["data"]["role"], "labour");

    // Edit: the type (and so the role), leaders, attachments, entry date; the company stays.
    let edit = with(
        &form,
        &[
            ("id", &id),
            ("construction_type", "206"),
            ("projectLeader", "何新"),
            ("ContractAttachment", ""),
            ("entry_date", "2026-04-03"),
            ("Name", "改名"),
        ],
    );
    let reply = send(app, EDIT_SAVE, &token, &edit).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let d = app.get(&format!("{EDIT}?id={id}"), Some(&token)).await["data"].clone();
    assert_eq!(d["role"], "labour");
    assert_eq!(d["projectLeader"], "何新");
    assert_eq!(d["ContractAttachment"], json!([]));
    assert_eq!(d["entry_date"], "2026-04-03");
    assert_eq!(d["company"]["Name"], "河南锦绣装饰工程有限公司");
    assert_eq!(log_lines(app, "修改参建单位").await, 1);
    assert_refused(&send(app, EDIT_SAVE, &token, &with(&edit, &[("projectLeaderPhone", "")])).await, "请填写联系电话");
    assert_refused(&send(app, EDIT_SAVE, &token, &with(&edit, &[("id", "")])).await, "请选择参建单位");
    assert_eq!(send(app, EDIT_SAVE, &token, &with(&edit, &[("id", "999999")])).await["code"], 404);
    let builder = list(app, &token, "type=builder").await["list"][0]["id"].to_string();
    assert_refused(
        &send(app, EDIT_SAVE, &token, &with(&edit, &[("id", &builder)])).await,
        "建设单位和施工总包单位请在单位信息页面修改",
    );

    // Filters and pages.
    let data = list(app, &token, "type=labour").await;
    assert_eq!(data["total"], 2, "{data}");
    assert_eq!(list(app, &token, "name=锦绣").await["total"], 1);
    assert_eq!(list(app, &token, "name=%25").await["total"], 0, "wildcards are literal");
    assert_eq!(list(app, &token, "status=2").await["total"], 0);
    let page = list(app, &token, "page=2&limit=2").await;
    assert_eq!(page["list"].as_array().unwrap().len(), 2);
    assert_eq!(page["total"], 5);
    assert_eq!(page["page"], 2);
    assert_refused(&app.get(&format!("{LIST}?page=0"), Some(&token)).await, "页码应为正整数");
    assert_refused(&app.get(&format!("{LIST}?limit=101"), Some(&token)).await, "每页条数应为1-100");
    assert_refused(&app.get(&format!("{LIST}?type=x"), Some(&token)).await, "请选择正确的单位类型");
    assert_refused(&app.get(&format!("{LIST}?status=3"), Some(&token)).await, "请选择正确的进退场状态");
    assert_refused(&app.get(&format!("{LIST}?name={}", "长".repeat(51)), Some(&token)).await, "单位名称不能超过50个字");

    let all = app.post(ALL, Some(&token), &[]).await;
    assert_eq!(all["data"].as_array().unwrap().len(), 5, "{all}");
    assert_eq!(all["data"][0]["role_label"], "建设单位");
    assert_refused(&app.post(ALL, Some(&token), &[("status", "9")]).await, "请选择正确的进退场状态");
}
both!(participating_units_are_added_listed_and_edited);

async fn units_exit_and_come_back(app: &TestApp) {
    let token = app.login("demo", PASSWORD).await;
    let sub = unit_id(app, &token, SUBCONTRACTOR).await;
    let labour = unit_id(app, &token, LABOUR).await;
    let builder = list(app, &token, "type=builder").await["list"][0]["id"].to_string();
    let contractor = list(app, &token, "type=contractor").await["list"][0]["id"].to_string();
    assert_refused(&app.post(EXIT, Some(&token), &[("ids", &sub)]).await, "请选择退场日期");
    assert_refused(&app.post(EXIT, Some(&token), &[("exit_date", "2026-05-01")]).await, "请选择参建单位");
    assert_refused(
        &app.post(EXIT, Some(&token), &[("ids", "1,x"), ("exit_date", "2026-05-01")]).await,
        "请选择正确的参建单位",
    );
    assert_refused(
        &app.post(EXIT, Some(&token), &[("ids", &sub), ("exit_date", "2999-01-01")]).await,
        "退场日期不能晚于今天",
    );
    assert_refused(
        &app.post(EXIT, Some(&token), &[("ids", &builder), ("exit_date", "2026-05-01")]).await,
        "建设单位和施工总包单位不能退场",
    );
    assert_refused(
        &app.post(EXIT, Some(&token), &[("ids", &contractor), ("exit_date", "2026-05-01")]).await,
        "建设单位和施工总包单位不能退场",
    );
    assert_refused(
        &app.post(EXIT, Some(&token), &[("ids", &sub), ("exit_date", "2026-03-09")]).await,
        &format!("{SUBCONTRACTOR}的退场日期不能早于进场日期（2026-03-10）"),
    );
    put_worker_on_site_of_labour(app).await;
    let both_ids = format!("{sub},{labour}");
    assert_refused(
        &app.post(EXIT, Some(&token), &[("ids", &both_ids), ("exit_date", "2026-05-01")]).await,
        &format!("{LABOUR}还有1名工人在场，请先办理工人退场后再退场"),
    );
    assert_eq!(list(app, &token, "status=2").await["total"], 0, "all or none");
    assert_eq!(app.post(EXIT, Some(&token), &[("ids", "999999"), ("exit_date", "2026-05-01")]).await["code"], 404);

    // A team of the unit still on site exits with it; not before the team's entry.
    let reply = app
        .post(
            "/builder/team/v1/Team/ajax_save",
            Some(&token),
            &[
                ("unit_id", &sub),
                ("name", "消防安装班"),
                ("leader_name", "郑伟"),
                ("leader_phone", "13937112345"),
                ("leader_id_number", "411721198305306611"),
                ("work_type", "10"),
                ("entry_date", "2026-04-20"),
            ],
        )
        .await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_refused(
        &app.post(EXIT, Some(&token), &[("ids", &sub), ("exit_date", "2026-04-19")]).await,
        &format!("{SUBCONTRACTOR}的退场日期不能早于其班组的进场日期（2026-04-20）"),
    );
    let reply = app.post(EXIT, Some(&token), &[("ids", &sub), ("exit_date", "2026-05-01")]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let exited = list(app, &token, "status=2").await;
    assert_eq!(exited["total"], 1);
    assert_eq!(exited["list"][0]["exit_date"], "2026-05-01");
    assert_eq!(exited["list"][0]["status_label"], "已退场");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM teams WHERE name = '消防安装班' AND exit_date = '2026-05-01'").await,
        1
    );
    assert_eq!(log_lines(app, "参建单位退场").await, 1);
    assert_refused(
        &app.post(EXIT, Some(&token), &[("ids", &sub), ("exit_date", "2026-05-02")]).await,
        &format!("{SUBCONTRACTOR}已于2026-05-01退场"),
    );
    let on_site = app.post(ALL, Some(&token), &[("status", "1")]).await;
    assert!(on_site["data"].as_array().unwrap().iter().all(|u| u["id"] != sub.parse::<i64>().unwrap()), "{on_site}");

    // Re-entry.
    assert_refused(
        &app.post(REENTRY, Some(&token), &[("id", &labour), ("entry_date", "2026-05-01")]).await,
        "该单位未退场，无需重新进场",
    );
    assert_refused(
        &app.post(REENTRY, Some(&token), &[("id", &sub), ("entry_date", "2026-04-30")]).await,
        "重新进场日期不能早于退场日期",
    );
    assert_refused(&app.post(REENTRY, Some(&token), &[("id", &sub)]).await, "请选择进场日期");
    assert_refused(
        &app.post(REENTRY, Some(&token), &[("id", &builder), ("entry_date", "2026-05-03")]).await,
        "建设单位和施工总包单位请在单位信息页面修改",
    );
    let reply = app.post(REENTRY, Some(&token), &[("id", &sub), ("entry_date", "2026-05-03")]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    let d = app.get(&format!("{EDIT}?id={sub}"), Some(&token)).await["data"].clone();
    assert_eq!(d["status"], 1);
    assert_eq!(d["entry_date"], "2026-05-03");
    assert_eq!(d["exit_date"], "");
    assert_eq!(log_lines(app, "参建单位重新进场").await, 1);
}
both!(units_exit_and_come_back);

async fn removal_is_refused_while_anything_refers_to_the_unit(app: &TestApp) {
    app.without_demo_roster().await;
    let token = app.login("demo", PASSWORD).await;
    let builder = list(app, &token, "type=builder").await["list"][0]["id"].to_string();
    let contractor = list(app, &token, "type=contractor").await["list"][0]["id"].to_string();
    assert_refused(&app.post(DELETE, Some(&token), &[("ids", &builder)]).await, "建设单位和施工总包单位不能删除");
    assert_refused(&app.post(DELETE, Some(&token), &[("ids", &contractor)]).await, "建设单位和施工总包单位不能删除");
    assert_refused(&app.post(DELETE, Some(&token), &[]).await, "请选择参建单位");

    let labour = unit_id(app, &token, LABOUR).await;
    put_worker_on_site_of_labour(app).await;
    assert_refused(
        &app.post(DELETE, Some(&token), &[("ids", &labour)]).await,
        &format!("{LABOUR}下还有1条工人用工记录，不能删除"),
    );
    let sub = unit_id(app, &token, SUBCONTRACTOR).await;
    for name in ["一班", "二班"] {
        let reply = app
            .post(
                "/builder/team/v1/Team/ajax_save",
                Some(&token),
                &[
                    ("unit_id", &sub),
                    ("name", name),
                    ("leader_name", "郑伟"),
                    ("leader_phone", "13937112345"),
                    ("leader_id_number", "411721198305306611"),
                    ("work_type", "9"),
                    ("entry_date", "2026-04-20"),
                ],
            )
            .await;
        assert_eq!(reply["code"], 201, "{reply}");
    }
    assert_refused(
        &app.post(DELETE, Some(&token), &[("ids", &sub)]).await,
        &format!("{SUBCONTRACTOR}下还有2个班组，不能删除"),
    );
    app.exec("UPDATE employments SET team_id = (SELECT id FROM teams WHERE name = '一班')").await;
    app.exec("UPDATE employments SET unit_id = (SELECT unit_id FROM teams WHERE name = '一班')").await;
    assert_refused(
        &app.post(DELETE, Some(&token), &[("ids", &sub)]).await,
        &format!("{SUBCONTRACTOR}下还有2个班组、1条工人用工记录，不能删除"),
    );

    // Nothing refers to the labour subcontractor now; a fresh unit goes with it, all or none.
    let reply = send(app, SAVE, &token, &new_unit_form()).await;
    let fresh = reply["data"]["id"].to_string();
    assert_refused(
        &app.post(DELETE, Some(&token), &[("ids", &format!("{fresh},{sub}"))]).await,
        &format!("{SUBCONTRACTOR}下还有2个班组、1条工人用工记录，不能删除"),
    );
    assert_eq!(list(app, &token, "").await["total"], 5, "all or none");
    let reply = app.post(DELETE, Some(&token), &[("ids", &format!("{fresh},{labour}"))]).await;
    assert_eq!(reply["code"], 201, "{reply}");
    assert_eq!(list(app, &token, "").await["total"], 3);
    assert_eq!(log_lines(app, "删除参建单位").await, 2);
}
both!(removal_is_refused_while_anything_refers_to_the_unit);

async fn another_projects_units_are_never_served(app: &TestApp) {
    let newsite = app.login("newsite", PASSWORD).await;
    let reply = send(app, SAVE, &newsite, &new_unit_form()).await;
    assert_eq!(reply["code"], 201, "a draft project may add units: {reply}");
    let foreign = reply["data"]["id"].to_string();
    let token = app.login("demo", PASSWORD).await;
    assert_eq!(app.get(&format!("{EDIT}?id={foreign}"), Some(&token)).await["code"], 404);
    assert_eq!(send(app, EDIT_SAVE, &token, &with(&new_unit_form(), &[("id", &foreign)])).await["code"], 404);
    assert_eq!(app.post(EXIT, Some(&token), &[("ids", &foreign), ("exit_date", "2026-05-01")]).await["code"], 404);
    assert_eq!(app.post(DELETE, Some(&token), &[("ids", &foreign)]).await["code"], 404);
    assert_eq!(app.post(REENTRY, Some(&token), &[("id", &foreign), ("entry_date", "2026-05-01")]).await["code"], 404);
    assert_eq!(list(app, &token, "").await["total"], 4, "the demo project's own units only");
    assert_eq!(
        app.get(&format!("{LIST}?projectId=2"), Some(&token)).await["code"],
        404,
        "another project is never served"
    );
    assert_eq!(list(app, &newsite, "").await["total"], 1);

    let admin = app.login("admin", "Admin@12345").await;
    assert_refused(&app.get(LIST, Some(&admin)).await, "请选择项目");
    let project = app.scalar("SELECT project_id FROM accounts WHERE username = 'newsite'").await;
    let seen = list(app, &admin, &format!("projectId={project}")).await;
    assert_eq!(seen["total"], 1, "the regulator reads any project");
    assert_eq!(app.get(&format!("{EDIT}?id={foreign}"), Some(&admin)).await["code"], 201);
    assert_eq!(app.post(ALL, Some(&admin), &[("projectId", "1")]).await["data"].as_array().unwrap().len(), 4);
    for (path, form) in [(SAVE, new_unit_form()), (EDIT_SAVE, with(&new_unit_form(), &[("id", &foreign)]))] {
        assert_eq!(send(app, path, &admin, &form).await["code"], 403, "{path}");
    }
    assert_eq!(app.post(EXIT, Some(&admin), &[("ids", &foreign), ("exit_date", "2026-05-01")]).await["code"], 403);
    assert_eq!(app.post(DELETE, Some(&admin), &[("ids", &foreign)]).await["code"], 403);
    assert_eq!(app.post(REENTRY, Some(&admin), &[("id", &foreign)]).await["code"], 403);

    let finance = app.login("finance", PASSWORD).await;
    assert_eq!(app.get(LIST, Some(&finance)).await["code"], 403);
    assert_eq!(app.get(&format!("{EDIT}?id={foreign}"), Some(&finance)).await["code"], 403);
    assert_eq!(app.post(ALL, Some(&finance), &[]).await["code"], 403);
    assert_eq!(send(app, SAVE, &finance, &new_unit_form()).await["code"], 403);
    assert_eq!(app.post(DELETE, Some(&finance), &[("ids", &foreign)]).await["code"], 403);
    assert_eq!(app.get(LIST, None).await["code"], 101);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM project_units").await, 5, "nothing changed");
}
both!(another_projects_units_are_never_served);
