use crate::db::Db;
use crate::execute;
use crate::project::repo::StepFormUpdate;

/// Stores what may change after approval (the fields the regulator fixed keep their stored values,
/// the wizard step stays), only while the project is approved. Answers whether a row changed.
pub async fn save_project_info(db: &Db, id: i64, form: &StepFormUpdate) -> sqlx::Result<bool> {
    let sql = "UPDATE projects SET project_type = $1, money_source = $2, district_ccode = $3, selected_options = $4, \
               address = $5, latlng = $6, start_time = $7, completion_date = $8, project_desc = $9, tender_time = $10, \
               winning_time = $11, region = $12 WHERE id = $13 AND audit_status = '2'";
    let changed = execute!(
        db,
        sqlx::query(sql)
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
            .bind(id)
    )?;
    Ok(changed == 1)
}

/// Demo: fills an approved project's step 1 when nothing filled it yet, so that project information and the
/// notice board have something to show (its units come from the team demo).
pub async fn seed_registration(db: &Db, project_id: i64) -> sqlx::Result<()> {
    let sql = "UPDATE projects SET project_type = '1', money_source = '1', department_industry_id = '1', \
               district_code = '4101,410105,410105001', district_ccode = '410105001', \
               selected_options = '410105,410105001', address = '河南省郑州市金水区经三路与纬五路交叉口东北角', \
               latlng = '34.7725,113.6853', contract_price_fen = 12860000000, start_time = '2026-03-01', \
               completion_date = '2027-08-31', end_time = 549, gc_process = '2', \
               project_desc = '安置房8栋，总建筑面积约12万平方米', tender_time = '2026-01-10', winning_time = '2026-02-01', \
               wizard_step = 5 WHERE id = $1 AND district_code = ''";
    execute!(db, sqlx::query(sql).bind(project_id))?;
    Ok(())
}
