//! Command line: `serve`, `migrate`, `demo`, `user`, `jobs`, `warnings`, `openapi`, `backup`, `restore`.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::auth::{password, sms};
use crate::config::Config;
use crate::db::Db;
use crate::identity::accounts::{self, AccountKind, NewAccount, RegulatorRole};
use crate::identity::sessions;
use crate::project::service as projects;
use crate::{clock, open_database, oplog};

#[derive(Parser)]
#[command(name = "wageguard", version, about = "农民工工资支付监管平台：接口服务与控制台")]
pub struct Cli {
    /// TOML configuration file (default: ./wageguard.toml when present).
    #[arg(long, global = true, env = "WAGEGUARD_CONFIG")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Serve the API and the console.
    Serve {
        /// Seed the demo data when the database has no account yet.
        #[arg(long)]
        demo: bool,
    },
    /// Apply the database migrations and exit.
    Migrate,
    /// Seed the demo data (skipped when the demo account exists).
    Demo,
    /// Manage accounts.
    #[command(subcommand)]
    User(UserCommand),
    /// List the newest scheduled job runs of every instance.
    Jobs {
        #[arg(long, default_value_t = 20)]
        limit: i64,
    },
    /// The early-warning engine.
    #[command(subcommand)]
    Warnings(WarningsCommand),
    /// Print the OpenAPI document.
    Openapi,
    /// Back up the whole database and the uploads into one .zip, while the server runs (SQLite: a
    /// consistent snapshot; PostgreSQL: pg_dump, which must be on PATH).
    Backup {
        /// The archive to write.
        file: PathBuf,
    },
    /// Restore a backup into an empty database and uploads directory (stop the server first).
    Restore {
        /// The archive `wageguard backup` wrote.
        file: PathBuf,
        /// Overwrite a database or uploads directory that holds data.
        #[arg(long)]
        force: bool,
    },
}

#[derive(Subcommand)]
pub enum WarningsCommand {
    /// Run every rule now: raise what is new, close what has gone.
    Run,
    /// Seed trouble on the approved demo project so that the warnings show, and run the engine.
    Demo,
}

#[derive(Subcommand)]
pub enum UserCommand {
    /// Create an account on an initial password, which the console forces to change at first login.
    Create(CreateUser),
    /// Give an account a new initial password, unlock it and end its sessions.
    ResetPassword {
        username: String,
        /// The new initial password (generated and printed when omitted).
        #[arg(long)]
        password: Option<String>,
    },
    /// Disable an account and end its sessions.
    Disable { username: String },
    /// Enable a disabled account.
    Enable { username: String },
}

#[derive(Args)]
pub struct CreateUser {
    pub username: String,
    #[arg(long, value_enum)]
    pub kind: AccountKind,
    /// Display name (defaults to the account name).
    #[arg(long)]
    pub name: Option<String>,
    #[arg(long, default_value = "")]
    pub phone: String,
    /// The project for builder and finance accounts; a builder without one gets a new draft project.
    #[arg(long)]
    pub project: Option<i64>,
    /// The initial password (generated and printed when omitted).
    #[arg(long)]
    pub password: Option<String>,
    /// Regulators (`--kind admin`): the district scope, a city, county or township code of the site's
    /// supervising districts; omitted for the whole area.
    #[arg(long, default_value = "")]
    pub district: String,
    /// Regulators (`--kind admin`): the role, manager when omitted.
    #[arg(long, value_enum)]
    pub role: Option<RegulatorRole>,
}

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let config = Config::load(cli.config.as_deref())?;
    match cli.command {
        Command::Serve { demo } => crate::serve(config, demo).await,
        Command::Migrate => {
            let db = open_database(&config).await?;
            println!("数据库已迁移 ({})", db.backend());
            Ok(())
        }
        Command::Demo => {
            let db = open_database(&config).await?;
            if crate::demo::seed(&db).await? {
                println!(
                    "演示数据已创建：demo / newsite / finance / jiancha（密码 Demo@12345），admin（密码 Admin@12345）"
                );
            } else {
                println!("演示数据已存在，未做改动");
            }
            Ok(())
        }
        Command::User(command) => {
            let db = open_database(&config).await?;
            user(&db, &config, command).await
        }
        Command::Jobs { limit } => {
            let db = open_database(&config).await?;
            for run in crate::jobs::recent(&db, limit).await? {
                let slot = run.slot.map_or_else(|| "启动时".to_owned(), clock::china_datetime);
                let finished = run.finished_at.map_or_else(|| "-".to_owned(), clock::china_datetime);
                println!(
                    "{}  {}  时段 {slot}  {}  {}→{finished}  {}",
                    run.job,
                    run.outcome,
                    run.instance,
                    clock::china_datetime(run.started_at),
                    run.detail
                );
            }
            Ok(())
        }
        Command::Warnings(WarningsCommand::Run) => {
            let db = open_database(&config).await?;
            let started = std::time::Instant::now();
            let outcome = crate::warning::engine::run(&db, &config.warnings, clock::china_today()).await?;
            println!(
                "预警引擎：新增 {}，解除 {}，更新 {}（{} ms）",
                outcome.raised,
                outcome.closed,
                outcome.updated,
                started.elapsed().as_millis()
            );
            Ok(())
        }
        Command::Warnings(WarningsCommand::Demo) => {
            let db = open_database(&config).await?;
            let project = projects::approved(&db).await?.first().map(|(id, _, _)| *id);
            let Some(project) = project else {
                anyhow::bail!("没有审核通过的项目，请先运行 wageguard demo")
            };
            if crate::warning::demo::seed(&db, project, &config.warnings).await? {
                println!("预警演示数据已创建，预警引擎已运行");
            } else {
                println!("预警演示数据已存在，未做改动");
            }
            Ok(())
        }
        Command::Openapi => {
            println!("{}", crate::openapi_json());
            Ok(())
        }
        Command::Backup { file } => {
            crate::backup::archive::remove_on_interrupt();
            println!("{}", crate::backup::archive::backup(&config, &file).await?);
            Ok(())
        }
        Command::Restore { file, force } => {
            crate::backup::archive::remove_on_interrupt();
            println!("{}", crate::backup::archive::restore(&config, &file, force).await?);
            Ok(())
        }
    }
}

fn initial_password(given: Option<String>, strong: bool) -> anyhow::Result<String> {
    let password = match given {
        Some(password) => password,
        None => format!("Wg@{:08}a", rand::random_range(0..100_000_000u32)),
    };
    password::check_new_password(&password, strong).map_err(|e| anyhow::anyhow!(e.to_string()))?;
    Ok(password)
}

async fn find(db: &Db, username: &str) -> anyhow::Result<accounts::Account> {
    accounts::find_by_username(db, username).await?.ok_or_else(|| anyhow::anyhow!("账号 {username} 不存在"))
}

async fn log(db: &Db, action: &str, account: &accounts::Account, detail: String) -> anyhow::Result<()> {
    oplog::record(db, oplog::Entry::named(None, "命令行", "").action(action).on("account", account.id).detail(detail))
        .await?;
    Ok(())
}

pub async fn user(db: &Db, config: &Config, command: UserCommand) -> anyhow::Result<()> {
    let strong = config.security.strong_password;
    match command {
        UserCommand::Create(create) => {
            if accounts::find_by_username(db, &create.username).await?.is_some() {
                anyhow::bail!("账号 {} 已存在", create.username);
            }
            if !create.phone.is_empty() && !sms::is_mobile(&create.phone) {
                anyhow::bail!("手机号格式不正确");
            }
            let project_id = match (create.kind, create.project) {
                (AccountKind::Admin, _) => None,
                (_, Some(id)) => {
                    projects::find_summary(db, id).await?.ok_or_else(|| anyhow::anyhow!("项目 {id} 不存在"))?;
                    Some(id)
                }
                (AccountKind::Builder, None) => Some(projects::create(db, "", "0").await?),
                (AccountKind::Finance, None) => anyhow::bail!("财务账号必须用 --project 指定所属项目"),
            };
            let (district, regulator_role) = match create.kind {
                AccountKind::Admin => (
                    crate::auth::regulators::check_district(&create.district, &config.site.areacode)
                        .map_err(|invalid| anyhow::anyhow!("{invalid}：{}", create.district))?,
                    Some(create.role.unwrap_or(RegulatorRole::Manager)),
                ),
                _ if !create.district.is_empty() || create.role.is_some() => {
                    anyhow::bail!("--district 和 --role 只用于监管账号（--kind admin）")
                }
                _ => (String::new(), None),
            };
            let password = initial_password(create.password, strong)?;
            let hash = password::hash_blocking(password.clone()).await?;
            let name = create.name.unwrap_or_else(|| create.username.clone());
            let id = accounts::create(
                db,
                NewAccount {
                    username: &create.username,
                    name: &name,
                    kind: create.kind,
                    project_id,
                    phone: &create.phone,
                    id_number: "",
                    password_hash: &hash,
                    password_meets_strong_rule: password::meets_strong_rule(&password),
                    must_change_password: true,
                    district: &district,
                    regulator_role,
                },
            )
            .await?;
            let account = find(db, &create.username).await?;
            let detail = match regulator_role {
                Some(role) => format!(
                    "类型 {}，管辖区域 {}，角色 {}",
                    create.kind.as_str(),
                    crate::auth::regulators::district_name(&district),
                    role.label()
                ),
                None => format!("类型 {}", create.kind.as_str()),
            };
            log(db, "创建账号", &account, detail).await?;
            println!(
                "已创建账号 {}（id {id}，项目 {}），初始密码：{password}",
                create.username,
                project_id.map_or("无".into(), |p| p.to_string())
            );
        }
        UserCommand::ResetPassword { username, password: given } => {
            let account = find(db, &username).await?;
            let password = initial_password(given, strong)?;
            let hash = password::hash_blocking(password.clone()).await?;
            password::store(db, account.id, &hash, password::meets_strong_rule(&password), true).await?;
            sessions::delete_all_for_account(db, account.id).await?;
            log(db, "重置密码", &account, String::new()).await?;
            println!("账号 {username} 的密码已重置，初始密码：{password}");
        }
        UserCommand::Disable { username } => {
            let account = find(db, &username).await?;
            accounts::set_disabled(db, account.id, true).await?;
            sessions::delete_all_for_account(db, account.id).await?;
            log(db, "停用账号", &account, String::new()).await?;
            println!("账号 {username} 已停用");
        }
        UserCommand::Enable { username } => {
            let account = find(db, &username).await?;
            accounts::set_disabled(db, account.id, false).await?;
            log(db, "启用账号", &account, String::new()).await?;
            println!("账号 {username} 已启用");
        }
    }
    Ok(())
}
