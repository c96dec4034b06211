//! SQL of the sandbox bank's memory of payouts (`sandbox_bank_payments`).

use super::{PayOutcome, PayRequest};
use crate::db::Db;
use crate::on_db;

/// Stores the first answer of every new key (a known key keeps its first one), then reads back the stored
/// answers of all the keys: (key, paid, bank reference, reason).
pub async fn remember_payments(
    db: &Db,
    answers: &[(&PayRequest, PayOutcome)],
    now: i64,
) -> sqlx::Result<Vec<(String, bool, String, String)>> {
    let rows: Vec<String> = (0..answers.len())
        .map(|i| {
            let b = i * 7;
            format!("(${}, ${}, ${}, ${}, ${}, ${}, ${})", b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7)
        })
        .collect();
    let insert = format!(
        "INSERT INTO sandbox_bank_payments (idempotency_key, card_number, amount_fen, paid, bank_ref, reason, created_at) \
         VALUES {} ON CONFLICT (idempotency_key) DO NOTHING",
        rows.join(", ")
    );
    let keys: Vec<String> = (1..=answers.len()).map(|i| format!("${i}")).collect();
    let select = format!(
        "SELECT idempotency_key, paid, bank_ref, reason FROM sandbox_bank_payments WHERE idempotency_key IN ({})",
        keys.join(", ")
    );
    on_db!(db, pool => {
        let mut query = sqlx::query(sqlx::AssertSqlSafe(insert.clone()));
        for (request, answer) in answers {
            let (paid, bank_ref, reason) = match answer {
                PayOutcome::Paid { bank_ref } => (true, bank_ref.as_str(), ""),
                PayOutcome::Failed { reason } => (false, "", reason.as_str()),
            };
            query = query
                .bind(&request.idempotency_key)
                .bind(&request.card_number)
                .bind(request.amount_fen)
                .bind(paid)
                .bind(bank_ref)
                .bind(reason)
                .bind(now);
        }
        query.execute(pool).await?;
        let mut select_query = sqlx::query_as(sqlx::AssertSqlSafe(select.clone()));
        for (request, _) in answers {
            select_query = select_query.bind(&request.idempotency_key);
        }
        select_query.fetch_all(pool).await
    })
}
