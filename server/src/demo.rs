//! Demo data: an approved project, a project not yet submitted, a finance approver, a regulator of the
//! whole area (管理员) and a 监察 of the demo project's county (金水区, 410105).

use crate::auth::password;
use crate::db::Db;
use crate::identity::accounts::{self, AccountKind, NewAccount, RegulatorRole};
use crate::identity::sessions::CurrentAccount;
use crate::project::service as projects;

pub struct DemoAccount {
    pub username: &'static str,
    pub password: &'static str,
    pub name: &'static str,
    pub kind: AccountKind,
    pub phone: &'static str,
    /// Finance approvers are checked by ID number before they approve.
    pub id_number: &'static str,
    pub project: Option<(&'static str, &'static str)>,
    /// Regulators: the district scope ('' for the whole area) and the role.
    pub district: &'static str,
    pub role: Option<RegulatorRole>,
}

pub const APPROVED_PROJECT: &str = "郑州市金水区幸福里安置房项目";
pub const DRAFT_PROJECT: &str = "";

pub const ACCOUNTS: &[DemoAccount] = &[
    DemoAccount {
        username: "demo",
        password: "Demo@12345",
        name: "张建国",
        kind: AccountKind::Builder,
        phone: "13800138001",
        id_number: "",
        project: Some((APPROVED_PROJECT, "2")),
        district: "",
        role: None,
    },
    DemoAccount {
        username: "newsite",
        password: "Demo@12345",
        name: "李新民",
        kind: AccountKind::Builder,
        phone: "13800138002",
        id_number: "",
        project: Some((DRAFT_PROJECT, "0")),
        district: "",
        role: None,
    },
    DemoAccount {
        username: "finance",
        password: "Demo@12345",
        name: "王会计",
        kind: AccountKind::Finance,
        phone: "13800138003",
        id_number: "410105198805123025",
        project: Some((APPROVED_PROJECT, "2")),
        district: "",
        role: None,
    },
    DemoAccount {
        username: "admin",
        password: "Admin@12345",
        name: "劳动监察员",
        kind: AccountKind::Admin,
        phone: "13800138004",
        id_number: "",
        project: None,
        district: "",
        role: Some(RegulatorRole::Manager),
    },
    DemoAccount {
        username: "jiancha",
        password: "Demo@12345",
        name: "金水区监察员",
        kind: AccountKind::Admin,
        phone: "13800138005",
        id_number: "",
        project: None,
        district: "410105",
        role: Some(RegulatorRole::Inspector),
    },
];

/// Seeds the demo data unless the `demo` account exists already. Returns whether it seeded.
pub async fn seed(db: &Db) -> anyhow::Result<bool> {
    if accounts::find_by_username(db, "demo").await?.is_some() {
        return Ok(false);
    }
    let approved = projects::create(db, APPROVED_PROJECT, "2").await?;
    let draft = projects::create(db, DRAFT_PROJECT, "0").await?;
    for demo in ACCOUNTS {
        let project_id = demo.project.map(|(name, _)| if name == APPROVED_PROJECT { approved } else { draft });
        let hash = password::hash_blocking(demo.password.to_owned()).await?;
        accounts::create(
            db,
            NewAccount {
                username: demo.username,
                name: demo.name,
                kind: demo.kind,
                project_id,
                phone: demo.phone,
                id_number: demo.id_number,
                password_hash: &hash,
                password_meets_strong_rule: password::meets_strong_rule(demo.password),
                must_change_password: false,
                district: demo.district,
                regulator_role: demo.role,
            },
        )
        .await?;
    }
    crate::team::demo::seed(db, approved).await?;
    crate::project::demo::seed(db, approved).await?;
    crate::faith::service::seed_demo(db, approved).await?;
    crate::worker::demo::seed(db, approved).await?;
    crate::attendance::demo::seed(db, approved).await?;
    crate::account::demo::seed(db, approved).await?;
    crate::message::service::seed_demo(db, approved).await?;
    crate::notice::service::seed_demo(db, approved).await?;
    crate::clue::demo::seed_demo(db, approved).await?;
    Ok(true)
}

/// The demo account `username` acting through the services as if logged in (the warnings' demo), with its
/// ID number on file.
pub async fn acting(db: &Db, username: &str) -> anyhow::Result<(CurrentAccount, &'static str)> {
    let demo = ACCOUNTS
        .iter()
        .find(|demo| demo.username == username)
        .ok_or_else(|| anyhow::anyhow!("no demo account {username}"))?;
    let account = accounts::find_by_username(db, username)
        .await?
        .ok_or_else(|| anyhow::anyhow!("the demo account {username} is not seeded"))?;
    Ok((CurrentAccount { account, token: String::new() }, demo.id_number))
}

/// `serve --demo`: seeds only a database without any account, with the warnings' demo on top.
pub async fn seed_if_empty(db: &Db, warnings: &crate::config::WarningConfig) -> anyhow::Result<()> {
    if accounts::count(db).await? == 0 {
        seed(db).await?;
        if let Some((approved, _, _)) = projects::approved(db).await?.first() {
            crate::warning::demo::seed(db, *approved, warnings).await?;
        }
        tracing::info!("demo data seeded: demo / newsite / finance / jiancha (Demo@12345), admin (Admin@12345)");
    }
    Ok(())
}
