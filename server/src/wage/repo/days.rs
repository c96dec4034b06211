//! SQL of the days lines pay (issue 28 items 3 and 5): the top-ups a line writes (`wage_line_topups`), what
//! the days of a month were paid so far, and which dates each line pays and which other sheets paid the
//! worker's other days.

use crate::db::Db;
use crate::on_db;

use super::placeholders;
use crate::wage::topup::TopupDay;

/// Top-ups per multi-row insert (7 binds a row).
const CHUNK: usize = 2_000;

/// A sheet's top-ups, (line, worker, day), written at once. Answers the rows written: a step of a day another
/// line already took is not (the caller rolls back).
pub(super) trait Topups {
    async fn write(&mut self, project_id: i64, days: &[(i64, i64, &TopupDay)]) -> sqlx::Result<u64>;
}

macro_rules! topups_on {
    ($connection:ty) => {
        impl Topups for $connection {
            async fn write(&mut self, project_id: i64, days: &[(i64, i64, &TopupDay)]) -> sqlx::Result<u64> {
                let mut written = 0;
                for chunk in days.chunks(CHUNK) {
                    let mut builder = sqlx::QueryBuilder::new(
                        "INSERT INTO wage_line_topups (project_id, worker_id, day, line_id, wage_kind, from_fen, to_fen) ",
                    );
                    builder.push_values(chunk.iter(), |mut row, (line_id, worker_id, day)| {
                        row.push_bind(project_id)
                            .push_bind(*worker_id)
                            .push_bind(day.day.to_string())
                            .push_bind(*line_id)
                            .push_bind(day.terms.kind.as_str())
                            .push_bind(day.from_fen)
                            .push_bind(day.terms.rate_fen);
                    });
                    builder.push(" ON CONFLICT (project_id, worker_id, day, from_fen) DO NOTHING");
                    written += builder.build().execute(&mut *self).await?.rows_affected();
                }
                Ok(written)
            }
        }
    };
}
topups_on!(sqlx::PgConnection);
topups_on!(sqlx::SqliteConnection);

/// A day of a month on a line: its base payment.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct BaseDay {
    pub worker_id: i64,
    pub day: String,
    pub line_id: i64,
    pub employment_id: i64,
    pub wage_kind: String,
    pub wage_fen: i64,
    pub attended: bool,
    /// The status of the line's sheet.
    pub status: String,
}

/// A step a line tops a day up by.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TopupRow {
    pub worker_id: i64,
    pub day: String,
    pub line_id: i64,
    pub wage_kind: String,
    pub from_fen: i64,
    pub to_fen: i64,
    pub status: String,
}

const BASE: &str = "SELECT d.worker_id, d.day, d.line_id, d.employment_id, d.wage_kind, d.wage_fen, d.attended, s.status \
    FROM wage_line_days d JOIN wage_lines l ON l.id = d.line_id JOIN wage_sheets s ON s.id = l.sheet_id";
const TOPUP: &str = "SELECT t.worker_id, t.day, t.line_id, t.wage_kind, t.from_fen, t.to_fen, s.status \
    FROM wage_line_topups t JOIN wage_lines l ON l.id = t.line_id JOIN wage_sheets s ON s.id = l.sheet_id";

/// The base payments and the top-ups of the month's days (`YYYY-MM`) on lines of sheets other than
/// `except_sheet` (0: none).
pub async fn month_days(
    db: &Db,
    project_id: i64,
    month: &str,
    except_sheet: i64,
) -> sqlx::Result<(Vec<BaseDay>, Vec<TopupRow>)> {
    let filter = "WHERE l.project_id = $1 AND l.month = $2 AND l.sheet_id <> $3";
    let (base, topups) = (format!("{BASE} {filter}"), format!("{TOPUP} {filter} ORDER BY t.day, t.from_fen"));
    on_db!(db, pool => {
        let base = sqlx::query_as(sqlx::AssertSqlSafe(base)).bind(project_id).bind(month).bind(except_sheet).fetch_all(pool).await?;
        let topups = sqlx::query_as(sqlx::AssertSqlSafe(topups)).bind(project_id).bind(month).bind(except_sheet).fetch_all(pool).await?;
        Ok((base, topups))
    })
}

/// The base payments of an employment's days from `from_day` on (before `until_day`, '' no end) on sheets past
/// the draft, with the top-ups of those days on such sheets.
pub async fn employment_paid(
    db: &Db,
    project_id: i64,
    employment_id: i64,
    from_day: &str,
    until_day: &str,
) -> sqlx::Result<(Vec<BaseDay>, Vec<TopupRow>)> {
    let filter = "WHERE d.project_id = $1 AND d.employment_id = $2 AND d.day >= $3 AND ($4 = '' OR d.day < $4) \
                  AND s.status <> 'draft'";
    let base = format!("{BASE} {filter} ORDER BY d.day");
    let topups = format!(
        "{TOPUP} WHERE s.status <> 'draft' AND EXISTS (SELECT 1 FROM wage_line_days d JOIN wage_lines dl ON dl.id = d.line_id \
         JOIN wage_sheets ds ON ds.id = dl.sheet_id WHERE d.project_id = t.project_id AND d.worker_id = t.worker_id AND d.day = t.day \
         AND d.project_id = $1 AND d.employment_id = $2 AND d.day >= $3 AND ($4 = '' OR d.day < $4) AND ds.status <> 'draft')"
    );
    on_db!(db, pool => {
        let base = sqlx::query_as(sqlx::AssertSqlSafe(base)).bind(project_id).bind(employment_id).bind(from_day).bind(until_day).fetch_all(pool).await?;
        let topups = sqlx::query_as(sqlx::AssertSqlSafe(topups)).bind(project_id).bind(employment_id).bind(from_day).bind(until_day).fetch_all(pool).await?;
        Ok((base, topups))
    })
}

/// What a sheet's lines hold: their days at their standards, and their top-ups.
pub async fn sheet_held(db: &Db, sheet_id: i64) -> sqlx::Result<(Vec<BaseDay>, Vec<TopupRow>)> {
    let (base, topups) = (format!("{BASE} WHERE l.sheet_id = $1"), format!("{TOPUP} WHERE l.sheet_id = $1"));
    on_db!(db, pool => {
        let base = sqlx::query_as(sqlx::AssertSqlSafe(base)).bind(sheet_id).fetch_all(pool).await?;
        let topups = sqlx::query_as(sqlx::AssertSqlSafe(topups)).bind(sheet_id).fetch_all(pool).await?;
        Ok((base, topups))
    })
}

/// The days and top-ups of the lines `line_ids`, by day.
pub async fn line_days(db: &Db, line_ids: &[i64]) -> sqlx::Result<(Vec<BaseDay>, Vec<TopupRow>)> {
    if line_ids.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    let marks = placeholders(1, line_ids.len());
    let base = format!("{BASE} WHERE d.line_id IN ({marks}) ORDER BY d.day");
    let topups = format!("{TOPUP} WHERE t.line_id IN ({marks}) ORDER BY t.day, t.from_fen");
    on_db!(db, pool => {
        let mut base_query = sqlx::query_as(sqlx::AssertSqlSafe(base));
        let mut topup_query = sqlx::query_as(sqlx::AssertSqlSafe(topups));
        for id in line_ids {
            base_query = base_query.bind(*id);
            topup_query = topup_query.bind(*id);
        }
        Ok((base_query.fetch_all(pool).await?, topup_query.fetch_all(pool).await?))
    })
}

/// A sheet as another line's dates name it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct SheetName {
    pub id: i64,
    pub month: String,
    pub seq: i64,
    pub status: String,
    pub unit_name: String,
    pub team_name: String,
}

/// The project's lines of `month` of the workers `worker_ids`: (line, worker, sheet), every sheet.
pub async fn month_lines_of(
    db: &Db,
    project_id: i64,
    month: &str,
    worker_ids: &[i64],
) -> sqlx::Result<(Vec<(i64, i64, i64)>, Vec<SheetName>)> {
    if worker_ids.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    let marks = placeholders(3, worker_ids.len());
    let lines = format!(
        "SELECT id, worker_id, sheet_id FROM wage_lines WHERE project_id = $1 AND month = $2 AND worker_id IN ({marks}) ORDER BY id"
    );
    let sheets = format!(
        "SELECT s.id, s.month, s.seq, s.status, c.name AS unit_name, COALESCE(t.name, '') AS team_name \
         FROM wage_sheets s JOIN project_units pu ON pu.id = s.unit_id JOIN companies c ON c.id = pu.company_id \
         LEFT JOIN teams t ON t.id = s.team_id WHERE s.id IN (SELECT sheet_id FROM wage_lines \
         WHERE project_id = $1 AND month = $2 AND worker_id IN ({marks})) ORDER BY s.id"
    );
    on_db!(db, pool => {
        let mut line_query = sqlx::query_as(sqlx::AssertSqlSafe(lines)).bind(project_id).bind(month);
        let mut sheet_query = sqlx::query_as(sqlx::AssertSqlSafe(sheets)).bind(project_id).bind(month);
        for id in worker_ids {
            line_query = line_query.bind(*id);
            sheet_query = sheet_query.bind(*id);
        }
        Ok((line_query.fetch_all(pool).await?, sheet_query.fetch_all(pool).await?))
    })
}

/// When the month's earliest sheet past the draft last took its days (unix seconds): the standards in force
/// then are the ones its days were paid at. None: no such sheet.
pub async fn first_priced(db: &Db, project_id: i64, month: &str) -> sqlx::Result<Option<i64>> {
    let sql = "SELECT MIN(refreshed_at) FROM wage_sheets WHERE project_id = $1 AND month = $2 AND status <> 'draft'";
    on_db!(db, pool => sqlx::query_scalar(sql).bind(project_id).bind(month).fetch_one(pool).await)
}

/// The days of `first_day`..`last_day` whose pay was taken back (corrected to absent after payment): (worker, day).
pub async fn taken_back(db: &Db, project_id: i64, first_day: &str, last_day: &str) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = "SELECT worker_id, day FROM wage_adjustments WHERE project_id = $1 AND day >= $2 AND day <= $3";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).bind(first_day).bind(last_day).fetch_all(pool).await)
}
