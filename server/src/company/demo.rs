//! Demo units of the approved demo project: its builder and general contractor (when the registration
//! left none), one subcontractor and one labour subcontractor. Idempotent: companies by credit code,
//! builder and contractor by role, the others by company.

use super::repo::units::{self, GuaranteeUpdate, ParticipantFields};
use super::repo::{self, CompanyChoice, CompanyFields, UnitFields};
use crate::db::Db;

struct DemoCompany {
    code: &'static str,
    name: &'static str,
    area: &'static str,
    register_date: &'static str,
    address: &'static str,
    legal_person: (&'static str, &'static str, &'static str),
    company_type: &'static str,
}

struct DemoUnit {
    company: DemoCompany,
    role: &'static str,
    construction_type: &'static str,
    project_leader: (&'static str, &'static str, &'static str),
    labor_leader: (&'static str, &'static str, &'static str),
    site_manager: (&'static str, &'static str, &'static str),
    entry_date: &'static str,
}

const NOBODY: (&str, &str, &str) = ("", "", "");

const UNITS: &[DemoUnit] = &[
    DemoUnit {
        company: DemoCompany {
            code: "91410105MA45R2K3XH",
            name: "郑州市金水区城市建设投资有限公司",
            area: "41,4101,410105",
            register_date: "2016-04-18",
            address: "河南省郑州市金水区花园路68号",
            legal_person: ("周文博", "0371-65551234", "410105197803124513"),
            company_type: "1",
        },
        role: "builder",
        construction_type: "",
        project_leader: ("陈静", "13838001234", "410102198207163028"),
        labor_leader: NOBODY,
        site_manager: NOBODY,
        entry_date: "",
    },
    DemoUnit {
        company: DemoCompany {
            code: "91410000169953487A",
            name: "河南省第一建筑工程集团有限责任公司",
            area: "41,4101,410102",
            register_date: "1992-07-01",
            address: "河南省郑州市中原区建设西路196号",
            legal_person: ("刘建华", "0371-67891234", "410103197509092132"),
            company_type: "2",
        },
        role: "contractor",
        construction_type: "",
        project_leader: ("王志刚", "13903711234", "410184198509231537"),
        labor_leader: ("孙丽", "13837100002", "41010219850308202X"),
        site_manager: ("赵磊", "13603713456", "411421198804117771"),
        entry_date: "",
    },
    DemoUnit {
        company: DemoCompany {
            code: "91410100MA46C8TL28",
            name: "河南中安消防设施工程有限公司",
            area: "41,4101,410105",
            register_date: "2018-09-12",
            address: "河南省郑州市金水区经三路15号",
            legal_person: ("孙海涛", "13803715678", "413026199006284555"),
            company_type: "3",
        },
        role: "subcontractor",
        construction_type: "107",
        project_leader: ("孙海涛", "13803715678", "413026199006284555"),
        labor_leader: ("吴丽娟", "13523456789", "411522198702143428"),
        site_manager: ("郑伟", "13937112345", "411721198305306611"),
        entry_date: "2026-03-10",
    },
    DemoUnit {
        company: DemoCompany {
            code: "91410102MA47UD0P6U",
            name: "郑州恒信建筑劳务有限公司",
            area: "41,4101,410102",
            register_date: "2019-03-26",
            address: "河南省郑州市中原区桐柏路88号",
            legal_person: ("马国强", "13598765432", "410105198001011239"),
            company_type: "4",
        },
        role: "labour",
        construction_type: "201",
        project_leader: ("马国强", "13598765432", "410105198001011239"),
        labor_leader: ("李秀英", "13703712345", "412724197901056220"),
        site_manager: ("赵磊", "13603713456", "411421198804117771"),
        entry_date: "2026-03-01",
    },
];

fn owned((name, phone, id_number): (&str, &str, &str)) -> [String; 3] {
    [name.to_owned(), phone.to_owned(), id_number.to_owned()]
}

/// Seeds the units of `project_id`; answers the general contractor's unit id.
pub async fn seed(db: &Db, project_id: i64) -> anyhow::Result<i64> {
    let mut contractor = 0;
    for demo in UNITS {
        let c = &demo.company;
        let [legal_person, legal_person_phone, legal_person_id_number] = owned(c.legal_person);
        let company_id = repo::resolve_company(
            db,
            &CompanyChoice::Create(CompanyFields {
                social_credit_code: c.code.to_owned(),
                name: c.name.to_owned(),
                registered_area: c.area.to_owned(),
                register_date: c.register_date.to_owned(),
                registered_address: c.address.to_owned(),
                legal_person,
                legal_person_phone,
                legal_person_id_number,
                office_address: c.address.to_owned(),
                company_type: c.company_type.to_owned(),
            }),
        )
        .await?;
        let existing = match demo.role {
            "builder" | "contractor" => units::find_by_role(db, project_id, demo.role).await?.map(|unit| unit.id),
            _ => units::all_units(db, project_id, 0)
                .await?
                .into_iter()
                .find(|unit| unit.name == c.name)
                .map(|unit| unit.id),
        };
        let id = match existing {
            Some(id) => id,
            None => {
                let mut fields = UnitFields::default();
                [fields.project_leader, fields.project_leader_phone, fields.project_leader_id_number] =
                    owned(demo.project_leader);
                [fields.labor_leader, fields.labor_leader_phone, fields.labor_leader_id_number] =
                    owned(demo.labor_leader);
                [fields.site_manager, fields.site_manager_phone, fields.site_manager_id_number] =
                    owned(demo.site_manager);
                let unit = ParticipantFields {
                    role: demo.role,
                    construction_type: demo.construction_type,
                    fields: &fields,
                    entry_date: demo.entry_date,
                };
                let id = units::insert_participant(db, project_id, company_id, &unit).await?;
                if demo.role == "builder" || demo.role == "contractor" {
                    let builder = demo.role == "builder";
                    units::set_guarantee(
                        db,
                        id,
                        &GuaranteeUpdate {
                            pay_type: if builder { "322" } else { "321" },
                            deposit_fen: Some(
                                if builder { 150 } else { 120 } * crate::domain::money::FEN_PER_WAN as i64,
                            ),
                            guarantee_path: "",
                            guarantee_start: if builder { "2026-01-01" } else { "" },
                            guarantee_end: if builder { "2027-12-31" } else { "" },
                        },
                    )
                    .await?;
                }
                id
            }
        };
        if demo.role == "contractor" {
            contractor = id;
        }
    }
    Ok(contractor)
}

/// The id of `project_id`'s unit in `role` (`builder`, `contractor`, …).
pub async fn unit_id(db: &Db, project_id: i64, role: &str) -> sqlx::Result<Option<i64>> {
    crate::on_db!(db, pool => sqlx::query_scalar("SELECT id FROM project_units WHERE project_id = $1 AND role = $2")
        .bind(project_id)
        .bind(role)
        .fetch_optional(pool)
        .await)
}

/// The guarantee of `project_id`'s unit in `role` runs from `start` to `end` (`YYYY-MM-DD`).
pub async fn set_guarantee(db: &Db, project_id: i64, role: &str, start: &str, end: &str) -> sqlx::Result<u64> {
    crate::execute!(
        db,
        sqlx::query(
            "UPDATE project_units SET guarantee_start = $1, guarantee_end = $2 WHERE project_id = $3 AND role = $4"
        )
        .bind(start)
        .bind(end)
        .bind(project_id)
        .bind(role)
    )
}
