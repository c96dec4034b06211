use crate::clock;
use crate::db::Db;
use crate::project::repo::StepFormUpdate;
use crate::{execute, on_db};

/// A unit taking part in a project, with its company's name.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UnitRow {
    pub id: i64,
    /// builder, contractor, subcontractor or labour.
    pub role: String,
    pub name: String,
    pub social_credit_code: String,
    pub project_leader: String,
    pub project_leader_phone: String,
    pub labor_leader: String,
    pub labor_leader_phone: String,
    /// 1 on site, 2 exited.
    pub status: i64,
}

/// The project's units: builder, general contractor, then the others in order of entry.
pub async fn units(db: &Db, project_id: i64) -> sqlx::Result<Vec<UnitRow>> {
    let sql = "SELECT u.id, u.role, c.name, c.social_credit_code, u.project_leader, u.project_leader_phone, \
               u.labor_leader, u.labor_leader_phone, u.status \
               FROM project_units u JOIN companies c ON c.id = u.company_id WHERE u.project_id = $1 \
               ORDER BY CASE u.role WHEN 'builder' THEN 0 WHEN 'contractor' THEN 1 ELSE 2 END, u.id";
    on_db!(db, pool => sqlx::query_as(sql).bind(project_id).fetch_all(pool).await)
}

/// Stores what may change after approval (the fields the regulator fixed keep their stored values,
/// the wizard step stays), only while the project is approved. Answers whether a row changed.
pub async fn save_project_info(db: &Db, id: i64, form: &StepFormUpdate) -> sqlx::Result<bool> {
    let sql = "UPDATE projects SET project_type = $1, money_source = $2, district_ccode = $3, selected_options = $4, \
               address = $5, latlng = $6, start_time = $7, completion_date = $8, project_desc = $9, tender_time = $10, \
               winning_time = $11, region = $12 WHERE id = $13 AND audit_status = '2'";
    let changed = execute!(db, sqlx::query(sql)
        .bind(&form.project_type)
        .bind(&form.money_source)
        .bind(&form.district_ccode)
        .bind(&form.selected_options)
        .bind(&form.address)
        .bind(&form.latlng)
        .bind(&form.start_time)
        .bind(&form.completion_date)
        .bind(&form.project_desc)
        .bind(&form.tender_time)
        .bind(&form.winning_time)
        .bind(&form.region)
        .bind(id))?;
    Ok(changed == 1)
}

/// Demo: fills an approved project's registration (step 1 and its builder and general contractor) when
/// nothing filled it yet, so that project information and the notice board have something to show.
pub async fn seed_registration(db: &Db, project_id: i64) -> sqlx::Result<()> {
    let sql = "UPDATE projects SET project_type = '1', money_source = '1', department_industry_id = '1', \
               district_code = '4101,410105,410105001', district_ccode = '410105001', \
               selected_options = '410105,410105001', address = '河南省郑州市金水区经三路与纬五路交叉口东北角', \
               latlng = '34.7725,113.6853', contract_price_fen = 1286000000, start_time = '2026-03-01', \
               completion_date = '2027-08-31', end_time = 549, gc_process = '2', \
               project_desc = '安置房8栋，总建筑面积约12万平方米', tender_time = '2026-01-10', winning_time = '2026-02-01', \
               wizard_step = 5 WHERE id = $1 AND district_code = ''";
    execute!(db, sqlx::query(sql).bind(project_id))?;
    let count: i64 = on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM project_units WHERE project_id = $1")
        .bind(project_id).fetch_one(pool).await)?;
    if count > 0 {
        return Ok(());
    }
    let units = [
        ("builder", "郑州市金水区住房保障中心", "刘振华", "0371-65551234", "", ""),
        ("contractor", "河南中原建工集团有限公司", "陈国强", "13837100001", "孙丽", "13837100002"),
    ];
    let now = clock::now();
    for (role, name, leader, leader_phone, labor, labor_phone) in units {
        // Without a credit code ('/'), a demo company is never found by the wizard's look-up or search.
        let company_sql = "INSERT INTO companies (social_credit_code, name, locked, created_at, updated_at) \
                           VALUES ('/', $1, TRUE, $2, $2) RETURNING id";
        let company_id: i64 = on_db!(db, pool => sqlx::query_scalar(company_sql).bind(name).bind(now).fetch_one(pool).await)?;
        let unit_sql = "INSERT INTO project_units (project_id, company_id, role, project_leader, project_leader_phone, \
                        labor_leader, labor_leader_phone, entry_date, created_at, updated_at) \
                        VALUES ($1, $2, $3, $4, $5, $6, $7, '2026-03-01', $8, $8)";
        execute!(db, sqlx::query(unit_sql)
            .bind(project_id)
            .bind(company_id)
            .bind(role)
            .bind(leader)
            .bind(leader_phone)
            .bind(labor)
            .bind(labor_phone)
            .bind(now))?;
    }
    Ok(())
}
