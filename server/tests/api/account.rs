//! Special-account verification against the sandbox bank, on both paths of the spec.

use wageguard::bank::{AccountQuery, SandboxBank, Verification};

use crate::both;
use crate::support::{TestApp, assert_refused};

const SITE: &str = "/builder/common/v1/Site/ajaxverifybank";
const SPECIAL: &str = "/builder/infomation/v1/SpecialAccount/ajax_verify_bank";
const PATHS: [&str; 2] = [SITE, SPECIAL];
const NAME: &str = "郑州新民建设有限公司农民工工资专户";

fn form<'a>(account: &'a str, branch: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("BankAccount", account),
        ("AccountName", NAME),
        ("bankSelected", branch),
        ("OpenCompanyType", "1"),
        ("OpenCompanyName", "郑州新民建设有限公司"),
        ("SocialCreditCode", "91350100M000100Y43"),
    ]
}

fn expected_open_date(account: &str) -> String {
    let query = AccountQuery {
        bank_account: account.into(),
        account_name: NAME.into(),
        bank_code: "105".into(),
        branch_code: "105491000011".into(),
    };
    match SandboxBank::answer(&query).unwrap() {
        Verification::Verified { open_date, .. } => open_date,
        other => panic!("{other:?}"),
    }
}

async fn each_sandbox_outcome_on_both_paths(app: &TestApp) {
    let token = app.login("newsite", "Demo@12345").await;
    for path in PATHS {
        let reply = app.post(path, Some(&token), &form("6217001234567890", "105,105491000011")).await;
        assert_eq!(reply["code"], 201, "{path}: {reply}");
        assert_eq!(reply["message"], "专户验证成功!");
        assert_eq!(reply["data"]["opentime"], expected_open_date("6217001234567890"));
        assert_eq!(reply["data"]["bank"], "中国建设银行");
        assert_eq!(reply["data"]["branch"], "中国建设银行沙箱支行（105491000011）");

        // BankType + BankPoint instead of the cascader; hyphens allowed.
        let reply = app
            .post(
                path,
                Some(&token),
                &[
                    ("BankAccount", "6217-0012-3456-7893"),
                    ("AccountName", NAME),
                    ("BankType", "102"),
                    ("BankPoint", "102491000012"),
                ],
            )
            .await;
        assert_eq!(reply["code"], 201, "{reply}");
        assert_eq!(reply["data"]["bank"], "中国工商银行");
        assert_eq!(reply["data"]["branch"], "中国工商银行沙箱支行（102491000012）");

        assert_refused(
            &app.post(path, Some(&token), &form("6217001234567897", "105,105491000011")).await,
            "账户名称与银行账号不一致",
        );
        assert_refused(
            &app.post(path, Some(&token), &form("6217001234567898", "105,105491000011")).await,
            "该账号不存在或已销户",
        );

        let doubtful = app.post(path, Some(&token), &form("6217001234567899", "105,105491000011")).await;
        assert_eq!(doubtful["code"], 301, "{doubtful}");
        assert_eq!(doubtful["message"], "该账户开户信息与登记信息不完全一致，请确认是否继续提交");

        assert_refused(
            &app.post(path, Some(&token), &form("9991234567890", "105,105491000011")).await,
            "银行接口暂时不可用，请稍后再试",
        );
    }
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '专户验证'").await,
        12,
        "every verification is logged"
    );
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '专户验证' AND target_type = 'project' AND detail LIKE '%6217****7890%验证成功%'").await,
        2
    );
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE detail LIKE '%6217001234567890%'").await,
        0,
        "numbers are masked"
    );
}
both!(each_sandbox_outcome_on_both_paths);

async fn the_form_is_checked_before_the_bank_is_asked(app: &TestApp) {
    let token = app.login("newsite", "Demo@12345").await;
    for path in PATHS {
        let cases: Vec<(Vec<(&str, &str)>, &str)> = vec![
            (vec![("AccountName", NAME), ("BankPoint", "1")], "请填写专户账号"),
            (vec![("BankAccount", "0621700123"), ("AccountName", NAME), ("BankPoint", "1")], "请填写正确的专户账号"),
            (vec![("BankAccount", "62170a0123"), ("AccountName", NAME), ("BankPoint", "1")], "请填写正确的专户账号"),
            (vec![("BankAccount", "6217001230"), ("BankPoint", "1")], "请填写账户名称"),
            (
                vec![("BankAccount", "6217001230"), ("AccountName", "专户"), ("BankPoint", "1")],
                "请输入3-100位非空格字符的账户名称",
            ),
            (
                vec![("BankAccount", "6217001230"), ("AccountName", "某某 公司"), ("BankPoint", "1")],
                "请输入3-100位非空格字符的账户名称",
            ),
            (vec![("BankAccount", "6217001230"), ("AccountName", NAME)], "请选择开户网点"),
            (vec![("BankAccount", "6217001230"), ("AccountName", NAME), ("bankSelected", "105")], "请选择开户网点"),
            (
                vec![
                    ("BankAccount", "6217001230"),
                    ("AccountName", NAME),
                    ("BankPoint", "1"),
                    ("SocialCreditCode", "91350100M000100Y44"),
                ],
                "请填写正确的统一社会信用代码",
            ),
        ];
        for (fields, message) in cases {
            assert_refused(&app.post(path, Some(&token), &fields).await, message);
        }
    }
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '专户验证'").await,
        0,
        "nothing was sent to the bank"
    );
}
both!(the_form_is_checked_before_the_bank_is_asked);

async fn only_a_draft_or_rejected_project_may_verify(app: &TestApp) {
    let valid = form("6217001234567890", "105,105491000011");
    for path in PATHS {
        let reply = app.post(path, None, &valid).await;
        assert_eq!(reply["code"], 101, "{reply}");
        assert_eq!(reply["message"], "登录已过期请重新登录");
        assert_eq!(app.post(path, Some("not-a-token"), &valid).await["code"], 101);
    }
    let demo = app.login("demo", "Demo@12345").await;
    let finance = app.login("finance", "Demo@12345").await;
    let admin = app.login("admin", "Admin@12345").await;
    for path in PATHS {
        for (token, message) in [
            (&demo, "项目已提交审核或已审核通过，不能修改专户信息"),
            (&finance, "仅项目的劳资专管员账号可以验证专户"),
            (&admin, "仅项目的劳资专管员账号可以验证专户"),
        ] {
            let reply = app.post(path, Some(token), &valid).await;
            assert_eq!(reply["code"], 403, "{reply}");
            assert_eq!(reply["message"], message);
        }
    }
    // A rejected project is editable again; a submitted one is not.
    let newsite = app.login("newsite", "Demo@12345").await;
    app.exec("UPDATE projects SET audit_status = '3' WHERE id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await;
    assert_eq!(app.post(SITE, Some(&newsite), &valid).await["code"], 201);
    app.exec("UPDATE projects SET audit_status = '1' WHERE id = (SELECT project_id FROM accounts WHERE username = 'newsite')").await;
    assert_eq!(app.post(SPECIAL, Some(&newsite), &valid).await["code"], 403);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM operation_log WHERE action = '专户验证'").await, 1);
}
both!(only_a_draft_or_rejected_project_may_verify);
