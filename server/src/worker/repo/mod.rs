//! SQL of the workers, their employments on a project's roster, the training sessions and the ID
//! supplement, a file per concept (registration, roster, moves, supplement, training, corrections, reads).
//! One text for both backends; units and teams are only read here. The statements of a change run inside the
//! transaction its service opens and hands over.

use crate::db::Tx;
use crate::execute_in;

mod corrections;
mod moves;
mod own;
mod reads;
mod registration;
mod roster;
mod supplement;
mod training;

pub use corrections::*;
pub use moves::*;
pub use own::*;
pub use reads::*;
pub use registration::*;
pub use roster::*;
pub use supplement::*;
pub use training::*;

fn like_escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

/// Gives a new roster line its first wage standard, in effect from its entry date, inside `tx`.
pub async fn insert_first_rate(tx: &mut Tx, employment_id: i64, now: i64) -> sqlx::Result<()> {
    let sql = "INSERT INTO employment_rates (employment_id, effective_from, wage_kind, wage_fen, created_at) \
               SELECT id, entry_date, wage_kind, wage_fen, $2 FROM employments WHERE id = $1";
    execute_in!(tx, sqlx::query(sql).bind(employment_id).bind(now)).map(|_| ())
}
