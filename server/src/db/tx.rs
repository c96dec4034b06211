//! A write transaction on either backend, so that one area's repository can write its rows inside a
//! transaction another area's service opened (a payout's line, its flow, the balance and its log line
//! commit together) without knowing which database is behind it.

use super::Db;

pub enum Tx {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// Runs the same expression against the connection of whichever transaction `$tx` (a `&mut Tx`) holds,
/// binding it to `$conn` (use `&mut **$conn` as the executor).
#[macro_export]
macro_rules! on_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx {
            $crate::db::Tx::Sqlite($conn) => $body,
            $crate::db::Tx::Postgres($conn) => $body,
        }
    };
}

/// Executes a statement built by `$query` (re-expanded for each backend) inside `$tx` (a `&mut Tx`) and
/// answers the rows affected.
#[macro_export]
macro_rules! execute_in {
    ($tx:expr, $query:expr) => {
        $crate::on_tx!($tx, conn => $query.execute(&mut **conn).await.map(|done| done.rows_affected()))
    };
}

impl Tx {
    /// Begins a write transaction. SQLite takes the write lock at BEGIN so two writers queue instead of
    /// failing on a stale snapshot; PostgreSQL's row locks do the same inside a plain BEGIN.
    pub async fn begin(db: &Db) -> sqlx::Result<Tx> {
        Ok(match db {
            Db::Sqlite(pool) => Tx::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?),
            Db::Postgres(pool) => Tx::Postgres(pool.begin().await?),
        })
    }

    /// Runs `work` in a write transaction: committed when it answers Ok, rolled back when it refuses, so a
    /// service decides and its area's repository only runs the statements it is handed the transaction for.
    pub async fn within<T, E: From<sqlx::Error>>(
        db: &Db,
        work: impl AsyncFnOnce(&mut Tx) -> Result<T, E>,
    ) -> Result<T, E> {
        let mut tx = Tx::begin(db).await?;
        match work(&mut tx).await {
            Ok(value) => {
                tx.commit().await?;
                Ok(value)
            }
            Err(refused) => {
                tx.rollback().await?;
                Err(refused)
            }
        }
    }

    pub async fn commit(self) -> sqlx::Result<()> {
        match self {
            Tx::Sqlite(tx) => tx.commit().await,
            Tx::Postgres(tx) => tx.commit().await,
        }
    }

    pub async fn rollback(self) -> sqlx::Result<()> {
        match self {
            Tx::Sqlite(tx) => tx.rollback().await,
            Tx::Postgres(tx) => tx.rollback().await,
        }
    }

    pub fn backend(&self) -> &'static str {
        match self {
            Tx::Sqlite(_) => "sqlite",
            Tx::Postgres(_) => "postgres",
        }
    }
}
