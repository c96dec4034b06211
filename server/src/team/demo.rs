//! Demo teams of the approved demo project, under its general contractor: 钢筋班, 木工班 and 混凝土班.
//! Idempotent by (unit, name), so another area's demo may create the same teams when they are missing.

use super::repo::{self, TeamFields};
use crate::db::Db;

/// (name, leader, phone, ID number, work type, entry date).
const TEAMS: &[(&str, &str, &str, &str, &str, &str)] = &[
    ("钢筋班", "张铁军", "13663710001", "410105197803124513", "3", "2026-03-05"),
    ("木工班", "刘长林", "13663710002", "410184198509231537", "2", "2026-03-05"),
    ("混凝土班", "韩德胜", "13663710003", "411421198804117771", "4", "2026-03-12"),
];

/// Seeds the demo units (`company::demo`) and the teams of `project_id`.
pub async fn seed(db: &Db, project_id: i64) -> anyhow::Result<()> {
    let contractor = crate::company::demo::seed(db, project_id).await?;
    for (name, leader, phone, id_number, work_type, entry_date) in TEAMS {
        let team = TeamFields {
            unit_id: contractor,
            name,
            leader_name: leader,
            leader_phone: phone,
            leader_id_number: id_number,
            work_type,
            entry_date,
        };
        repo::insert(db, project_id, &team).await?;
    }
    Ok(())
}
