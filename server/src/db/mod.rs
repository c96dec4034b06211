//! The database behind every repository: SQLite (embedded, the default) or PostgreSQL, chosen by the URL.
//!
//! Each backend keeps its own migrations (`migrations/sqlite`, `migrations/postgres`). Repository SQL is
//! written once in the subset both understand (`$1` placeholders, `RETURNING`, BIGINT seconds for
//! timestamps) and dispatched to the pool at hand by [`on_db!`]; rows derive `sqlx::FromRow`, which is
//! generic over the backend.

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};

pub mod cohort;
pub mod packed;
mod tx;
pub use tx::Tx;

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs the same expression against whichever pool `$db` holds, binding it to `$pool`.
#[macro_export]
macro_rules! on_db {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::db::Db::Sqlite($pool) => $body,
            $crate::db::Db::Postgres($pool) => $body,
        }
    };
}

impl Db {
    /// Connects to `url` (`sqlite://path` or `postgres://…`), creating a SQLite file and its folder if needed.
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let options = PgConnectOptions::from_str(url).context("DATABASE_URL 无法解析")?;
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options)
                .await
                .context("无法连接 PostgreSQL")?;
            Ok(Db::Postgres(pool))
        } else if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)
                .context("DATABASE_URL 无法解析")?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true);
            if let Some(parent) = options.get_filename().parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent).with_context(|| format!("无法创建目录 {}", parent.display()))?;
            }
            let in_memory = url.contains(":memory:") || url.contains("mode=memory");
            let pool = SqlitePoolOptions::new()
                .max_connections(if in_memory { 1 } else { 8 })
                .min_connections(if in_memory { 1 } else { 0 })
                .idle_timeout(if in_memory { None } else { Some(Duration::from_secs(600)) })
                .max_lifetime(if in_memory { None } else { Some(Duration::from_secs(3600)) })
                .acquire_timeout(Duration::from_secs(10))
                // A file does not hang up: no ping before every query (a round trip to the connection's thread).
                .test_before_acquire(false)
                .connect_with(options)
                .await
                .context("无法打开 SQLite 数据库")?;
            Ok(Db::Sqlite(pool))
        } else {
            anyhow::bail!("DATABASE_URL 必须以 sqlite: 或 postgres:// 开头")
        }
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        match self {
            Db::Sqlite(pool) => SQLITE_MIGRATIONS.run(pool).await?,
            Db::Postgres(pool) => POSTGRES_MIGRATIONS.run(pool).await?,
        }
        Ok(())
    }

    pub fn backend(&self) -> &'static str {
        match self {
            Db::Sqlite(_) => "sqlite",
            Db::Postgres(_) => "postgres",
        }
    }

    /// Whether the database answers a trivial query.
    pub async fn ping(&self) -> sqlx::Result<()> {
        crate::execute!(self, sqlx::query("SELECT 1"))?;
        Ok(())
    }

    pub async fn close(&self) {
        on_db!(self, pool => pool.close().await)
    }
}
/// What a port's method answers (a trait another area implements, such as `upload::service::SharedFiles`): a
/// boxed future, so the trait stays object-safe and its implementation is chosen where the routers are wired.
pub type DbFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = sqlx::Result<T>> + Send + 'a>>;

/// `$first, $first+1, …` for `count` values: the placeholders of an `IN (…)` list built at run time.
pub fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}

/// Ids bound into an `IN (…)` list built with `placeholders`.
pub fn int_binds(ids: &[i64]) -> Vec<Bind> {
    ids.iter().map(|id| Bind::Int(*id)).collect()
}

/// A value bound into SQL built at run time, in placeholder order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bind {
    Int(i64),
    Text(String),
}

/// Binds each of `$binds` (an iterator of `&Bind`) to `$query`, in order.
#[macro_export]
macro_rules! bind_all {
    ($query:expr, $binds:expr) => {{
        let mut query = $query;
        for bind in $binds {
            query = match bind {
                $crate::db::Bind::Int(value) => query.bind(*value),
                $crate::db::Bind::Text(value) => query.bind(value.clone()),
            };
        }
        query
    }};
}

/// Executes a statement built by `$query` (re-expanded for each backend) and answers the rows affected.
#[macro_export]
macro_rules! execute {
    ($db:expr, $query:expr) => {
        $crate::on_db!($db, pool => $query.execute(pool).await.map(|done| done.rows_affected()))
    };
}

/// A query's rows with every cell as text and its column names: what an export writes into a workbook
/// whatever the columns' types (integers, reals, booleans, text; NULL as '').
pub struct TextRows {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Runs `sql` with `project_id` as `$1` and answers its rows as text.
pub async fn text_rows(db: &Db, sql: &'static str, project_id: i64) -> sqlx::Result<TextRows> {
    on_db!(db, pool => {
        let rows = sqlx::query(sql).bind(project_id).fetch_all(pool).await?;
        Ok(as_text(&rows))
    })
}

fn as_text<R>(rows: &[R]) -> TextRows
where
    R: sqlx::Row,
    usize: sqlx::ColumnIndex<R>,
    for<'r> i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> i32: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> f64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> bool: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    use sqlx::Column;
    let columns = rows
        .first()
        .map(|row| row.columns().iter().map(|column| column.name().to_owned()).collect())
        .unwrap_or_default();
    let rows = rows
        .iter()
        .map(|row| {
            (0..row.len())
                .map(|index| {
                    if let Ok(value) = row.try_get::<Option<i64>, _>(index) {
                        value.map(|v| v.to_string())
                    } else if let Ok(value) = row.try_get::<Option<i32>, _>(index) {
                        value.map(|v| v.to_string())
                    } else if let Ok(value) = row.try_get::<Option<f64>, _>(index) {
                        value.map(|v| v.to_string())
                    } else if let Ok(value) = row.try_get::<Option<bool>, _>(index) {
                        value.map(|v| v.to_string())
                    } else {
                        row.try_get::<Option<String>, _>(index).ok().flatten()
                    }
                    .unwrap_or_default()
                })
                .collect()
        })
        .collect();
    TextRows { columns, rows }
}

#[cfg(test)]
mod tests {
    use super::Db;

    /// `.cargo/config.toml` builds SQLite so that a prepared statement is reused as prepared (see there).
    #[tokio::test]
    async fn the_bundled_sqlite_keeps_its_plans_and_no_memory_statistics() {
        let Db::Sqlite(pool) = Db::connect("sqlite::memory:").await.expect("an in-memory database") else {
            panic!("a SQLite URL opens SQLite")
        };
        let options: Vec<String> =
            sqlx::query_scalar("SELECT compile_options FROM pragma_compile_options").fetch_all(&pool).await.unwrap();
        assert!(options.iter().any(|option| option == "ENABLE_QPSG"), "{options:?}");
        assert!(options.iter().any(|option| option == "DEFAULT_MEMSTATUS=0"), "{options:?}");
    }
}
