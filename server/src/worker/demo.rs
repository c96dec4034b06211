//! Demo roster: ~30 workers on the approved demo project, in the general contractor's teams 钢筋班,
//! 木工班 and 混凝土班. Idempotent: the contractor unit and the teams are looked up by role and name and
//! created only when missing (the units area seeds the same teams), and a worker already on the roster
//! is left as is.

use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::id_number::{IdNumber, check_char};
use crate::envelope::ApiError;
use crate::identity::sessions::CurrentAccount;
use crate::on_db;

use super::registration::{PersonWrite, put_on_roster};
use super::repo::{EmploymentFields, PersonFields};
use super::service;

/// The general contractor created when the demo project has none yet.
const CONTRACTOR_NAME: &str = "中建七局第二建筑有限公司";
const CONTRACTOR_CODE: &str = "91110000600037341L";
/// Team name and its work type (`WORK_TYPES` value).
pub const TEAMS: [(&str, &str); 3] = [("钢筋班", "3"), ("木工班", "2"), ("混凝土班", "4")];
const SURNAMES: [&str; 10] = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴"];
const GIVEN: [&str; 3] = ["建军", FEMALE_GIVEN, "志强"];
const FEMALE_GIVEN: &str = "海燕";
pub const WORKERS: usize = 30;

async fn contractor_unit(db: &Db, project_id: i64) -> sqlx::Result<i64> {
    let find = "SELECT id FROM project_units WHERE project_id = $1 AND role = 'contractor'";
    if let Some(id) =
        on_db!(db, pool => sqlx::query_scalar::<_, i64>(find).bind(project_id).fetch_optional(pool).await)?
    {
        return Ok(id);
    }
    let now = clock::now();
    let company = "INSERT INTO companies (social_credit_code, name, registered_area, register_date, registered_address, \
                   legal_person, company_type, locked, created_at, updated_at) \
                   VALUES ($1, $2, '41,4101', '2001-01-08', '郑州市二七区建设路8号', '孙志强', '2', $3, $4, $4) \
                   ON CONFLICT (social_credit_code) WHERE social_credit_code <> '/' DO NOTHING";
    crate::execute!(db, sqlx::query(company).bind(CONTRACTOR_CODE).bind(CONTRACTOR_NAME).bind(true).bind(now))?;
    let company_id: i64 = on_db!(db, pool => sqlx::query_scalar("SELECT id FROM companies WHERE social_credit_code = $1")
        .bind(CONTRACTOR_CODE).fetch_one(pool).await)?;
    let unit = "INSERT INTO project_units (project_id, company_id, role, project_leader, project_leader_phone, entry_date, \
                created_at, updated_at) VALUES ($1, $2, 'contractor', '孙志强', '13700137000', '2026-03-01', $3, $3) \
                ON CONFLICT (project_id, role) WHERE role IN ('builder', 'contractor') DO NOTHING";
    crate::execute!(db, sqlx::query(unit).bind(project_id).bind(company_id).bind(now))?;
    on_db!(db, pool => sqlx::query_scalar(find).bind(project_id).fetch_one(pool).await)
}

async fn team(db: &Db, project_id: i64, unit_id: i64, name: &str, work_type: &str) -> sqlx::Result<i64> {
    let insert = "INSERT INTO teams (project_id, unit_id, name, work_type, entry_date, created_at, updated_at) \
                  VALUES ($1, $2, $3, $4, '2026-03-01', $5, $5) ON CONFLICT (unit_id, name) DO NOTHING";
    crate::execute!(
        db,
        sqlx::query(insert).bind(project_id).bind(unit_id).bind(name).bind(work_type).bind(clock::now())
    )?;
    let find = "SELECT id FROM teams WHERE unit_id = $1 AND name = $2";
    on_db!(db, pool => sqlx::query_scalar(find).bind(unit_id).bind(name).fetch_one(pool).await)
}

/// The `index`-th demo ID number: Zhengzhou Jinshui (410105), born 1970–1999, a valid check character.
pub fn demo_id_number(index: usize) -> String {
    let year = 1970 + (index * 7) % 30;
    let month = 1 + index % 12;
    let day = 1 + (index * 3) % 28;
    // The sequence's last digit (the 17th) is odd for men: it follows the given name.
    let sequence = 100 + 2 * index + usize::from(given_name(index) != FEMALE_GIVEN);
    let body = format!("410105{year:04}{month:02}{day:02}{sequence:03}");
    let check = check_char(&body).unwrap_or('0');
    format!("{body}{check}")
}

fn given_name(index: usize) -> &'static str {
    GIVEN[(index / SURNAMES.len()) % GIVEN.len()]
}

/// Seeds the demo roster of `project_id`.
pub async fn seed(db: &Db, project_id: i64) -> anyhow::Result<()> {
    let unit_id = contractor_unit(db, project_id).await?;
    let mut team_ids = Vec::new();
    for (name, work_type) in TEAMS {
        team_ids.push((team(db, project_id, unit_id, name, work_type).await?, work_type));
    }
    for index in 0..WORKERS {
        let id = IdNumber::parse(&demo_id_number(index))?;
        let (team_id, work_type) = team_ids[index % team_ids.len()];
        // Every third worker has full ID data; the others show up in the ID supplement (system/idmsg).
        let complete = index % 3 == 0;
        let person = PersonFields {
            id_number: id.as_str().to_owned(),
            name: format!("{}{}", SURNAMES[index % SURNAMES.len()], given_name(index)),
            gender: if id.gender().label() == "男" { 1 } else { 2 },
            ethnicity: "汉".to_owned(),
            birth_date: crate::domain::dates::format_date(id.birth_date()),
            address: if complete { "河南省郑州市金水区文化路1号".to_owned() } else { String::new() },
            issuing_authority: if complete { "郑州市公安局金水分局".to_owned() } else { String::new() },
            id_valid_from: if complete { "2016-05-01".to_owned() } else { String::new() },
            id_valid_to: if complete { "2036-05-01".to_owned() } else { String::new() },
            photo: String::new(),
            phone: format!("139{:08}", 10_000_000 + index),
            // UnionPay numbers carry a Luhn check digit (salaryCheck and the sandbox bank check it).
            wage_card_number: {
                let body = format!("62220210{:010}", 2_000_000_000u64 + index as u64);
                format!("{body}{}", crate::domain::wage_card::check_digit(&body))
            },
            wage_card_bank: "102".to_owned(),
        };
        let employment = EmploymentFields {
            unit_id,
            team_id: Some(team_id),
            work_type: work_type.to_owned(),
            wage_kind: "day".to_owned(),
            wage_fen: 30_000 + (index as i64 % 5) * 2_000,
            contract_signed: index % 4 != 3,
            contract_start: if index % 4 != 3 { "2026-03-01".to_owned() } else { String::new() },
            contract_end: if index % 4 != 3 { "2026-12-31".to_owned() } else { String::new() },
            contract_file: String::new(),
            entry_date: format!("2026-03-{:02}", 1 + index % 20),
        };
        let registered = Tx::within(db, async |tx: &mut Tx| -> Result<(i64, i64), ApiError> {
            let write = PersonWrite::Refresh(&person, None);
            put_on_roster(tx, project_id, &person.id_number, &write, &employment, clock::now()).await
        })
        .await;
        // Refused: the worker is on the roster already and stays as is.
        if let Err(error) = registered
            && !matches!(error, ApiError::Refused(_))
        {
            return Err(error.into());
        }
    }
    Ok(())
}

/// A roster line on site: who, which line, in which team.
pub struct OnSite {
    pub worker_id: i64,
    pub employment_id: i64,
    pub team_id: i64,
}

/// `project_id`'s roster lines on site, in the order they were made.
pub async fn on_site(db: &Db, project_id: i64) -> sqlx::Result<Vec<OnSite>> {
    let rows: Vec<(i64, i64, Option<i64>)> = on_db!(db, pool => sqlx::query_as(
        "SELECT worker_id, id, team_id FROM employments WHERE project_id = $1 AND status = 1 ORDER BY id")
        .bind(project_id)
        .fetch_all(pool)
        .await)?;
    Ok(rows
        .into_iter()
        .map(|(worker_id, employment_id, team_id)| OnSite { worker_id, employment_id, team_id: team_id.unwrap_or(0) })
        .collect())
}

/// The clerk records that the roster line `employment` left the site on `exit` (`YYYY-MM-DD`).
pub async fn leave(db: &Db, clerk: &CurrentAccount, employment: i64, exit: &str) -> anyhow::Result<()> {
    let form = service::MoveForm { id: Some(employment.to_string()), date: Some(exit.to_owned()), confirmed: None };
    service::exit(db, clerk, "127.0.0.1", &form).await.map_err(|error| anyhow::anyhow!("demo exit: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_id_numbers_are_valid_and_distinct() {
        let numbers: Vec<String> = (0..WORKERS).map(demo_id_number).collect();
        for number in &numbers {
            assert!(IdNumber::parse(number).is_ok(), "{number}");
        }
        let mut unique = numbers.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), WORKERS);
    }

    #[test]
    fn demo_genders_follow_the_names() {
        for index in 0..WORKERS {
            let id = IdNumber::parse(&demo_id_number(index)).unwrap();
            let woman = given_name(index) == FEMALE_GIVEN;
            assert_eq!(id.gender().label(), if woman { "女" } else { "男" }, "{index}");
        }
    }
}
