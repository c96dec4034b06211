//! The `rate_counters` table.

use crate::db::Db;
use crate::{execute, on_db};

/// Counts one request of `client` in `bucket`'s window starting at `window_start` and answers the window's
/// count so far, this one included. One statement, so concurrent requests on any instance each get their own
/// number.
pub async fn hit(db: &Db, bucket: &str, client: &str, window_start: i64) -> sqlx::Result<i64> {
    let sql = "INSERT INTO rate_counters (bucket, client, window_start, hits) VALUES ($1, $2, $3, 1) \
               ON CONFLICT (bucket, client, window_start) DO UPDATE SET hits = rate_counters.hits + 1 RETURNING hits";
    let hits: i64 =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(bucket).bind(client).bind(window_start).fetch_one(pool).await)?;
    if hits == 1 {
        execute!(
            db,
            sqlx::query("DELETE FROM rate_counters WHERE bucket = $1 AND window_start < $2")
                .bind(bucket)
                .bind(window_start)
        )?;
    }
    Ok(hits)
}
