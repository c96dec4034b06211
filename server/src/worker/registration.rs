//! 进场登记: the registration form, its checks (the person, the employment, the card, the files) and storing
//! a registration, or keeping the person another project already holds.

use super::input::*;
use super::repo::{self, EmploymentFields, PersonFields};
use super::rules;
use crate::clock;
use crate::db::{Db, Tx};
use crate::domain::Invalid;
use crate::domain::dates::{format_date, required_date};
use crate::domain::id_number::IdNumber;
use crate::domain::person_name::PersonName;
use crate::domain::phone::Phone;
use crate::domain::text;
use crate::domain::wage_card::{self, WageCard};
use crate::envelope::ApiError;
use crate::extract::sent;
use crate::identity::sessions::CurrentAccount;
use crate::oplog;
use crate::project::options;
use crate::scope;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `Worker/register`'s form. Dates `YYYY-MM-DD`; money in yuan with up to 2 decimals.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterForm {
    pub name: Option<String>,
    /// 18 characters (GB 11643 check character; a final x is upper-cased) or the legacy 15 digits.
    pub id_number: Option<String>,
    /// 民族, at most 10 characters.
    pub ethnicity: Option<String>,
    /// 住址 as on the card: empty, or 3–100 characters.
    pub address: Option<String>,
    /// 签发机关, at most 50 characters.
    pub issuing_authority: Option<String>,
    /// ID validity start.
    pub valid_from: Option<String>,
    /// ID validity end: a date or `长期`.
    pub valid_to: Option<String>,
    /// The ID photo: an `/uploads/…` URL this project uploaded with kind `avatar`.
    pub photo: Option<String>,
    /// Mobile or landline (required).
    pub phone: Option<String>,
    /// 工资卡号: 12–30 digits (spaces ignored); optional. A UnionPay number (62…, 16–19 digits) failing its
    /// check digit → 301 until `cardConfirmed=1`.
    pub wage_card_number: Option<String>,
    /// The wage card's bank: a first-level bank code of `Worker/options` (required with a card number).
    pub wage_card_bank: Option<String>,
    /// An on-site unit of the project (`Worker/options` units).
    pub unit_id: Option<String>,
    /// A team of that unit; optional.
    pub team_id: Option<String>,
    /// A work-type value (`Site/workTypes`).
    pub work_type: Option<String>,
    /// `day` (daily rate) or `month` (monthly wage).
    pub wage_kind: Option<String>,
    /// The rate in yuan, > 0, at most 99999.99, up to 2 decimals.
    pub wage: Option<String>,
    /// `1` when a labour contract is signed: then contractStart and contractEnd are required.
    pub contract_signed: Option<String>,
    pub contract_start: Option<String>,
    pub contract_end: Option<String>,
    /// The contract file: an `/uploads/…` URL this project uploaded (kinds contract, attachment, image).
    pub contract_file: Option<String>,
    /// 进场日期 (required).
    pub entry_date: Option<String>,
    /// `1` after the user confirmed registering a person active on another project (the 301 reply).
    pub confirmed: Option<String>,
    /// `1` after the user confirmed a wage card failing its check digit as written (the 301 reply); recorded.
    pub card_confirmed: Option<String>,
}

/// A registration that passed the field rules (uploads and the project's units are checked apart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    pub person: PersonFields,
    pub employment: EmploymentFields,
    /// The wage card fails UnionPay's check digit: saved only once the user confirmed it.
    pub card_check_fails: bool,
    /// The person is on site on another project already, whose clerk keeps their details: only this
    /// project's roster line is added and the stored person stays as it is (a clerk must not rewrite another
    /// project's worker, least of all the card their wages go to, by registering them too).
    pub keeps_stored_person: bool,
}

/// The field rules of a registration, in the form's order. `unit_id` / `team_id` still need checking
/// against the project.
pub fn validate_registration(form: &RegisterForm) -> Result<Registration, Invalid> {
    let name = PersonName::parse(sent(&form.name))?.as_str().to_owned();
    let id = IdNumber::parse(sent(&form.id_number))?;
    let ethnicity = rules::short_text(sent(&form.ethnicity), 10, MSG_ETHNICITY)?;
    let address_text = sent(&form.address);
    let address = if address_text.is_empty() { String::new() } else { text::address(address_text)? };
    let issuing_authority = rules::short_text(sent(&form.issuing_authority), 50, MSG_ISSUER)?;
    let (id_valid_from, id_valid_to) = rules::id_validity(sent(&form.valid_from), sent(&form.valid_to))?;
    let phone = Phone::parse(sent(&form.phone))?.as_str().to_owned();
    let card = WageCard::parse_optional(sent(&form.wage_card_number))?;
    let card_check_fails = card.as_ref().is_some_and(WageCard::check_digit_fails);
    let wage_card_number = card.map(|card| card.as_str().to_owned()).unwrap_or_default();
    let wage_card_bank = sent(&form.wage_card_bank).to_owned();
    if !wage_card_number.is_empty() && wage_card_bank.is_empty() {
        return Err(Invalid(MSG_BANK_REQUIRED));
    }
    let unit_id: i64 =
        text::required(sent(&form.unit_id), MSG_UNIT_REQUIRED)?.parse().map_err(|_| Invalid(MSG_UNIT_UNKNOWN))?;
    let team_text = sent(&form.team_id);
    let team_id =
        if team_text.is_empty() { None } else { Some(team_text.parse().map_err(|_| Invalid(MSG_TEAM_UNKNOWN))?) };
    let work_type = text::required(sent(&form.work_type), MSG_WORK_TYPE_REQUIRED)?;
    if !options::is_known(options::WORK_TYPES, &work_type) {
        return Err(Invalid(MSG_WORK_TYPE_UNKNOWN));
    }
    let wage_kind = sent(&form.wage_kind).to_owned();
    if !matches!(wage_kind.as_str(), "day" | "month") {
        return Err(Invalid(MSG_WAGE_KIND));
    }
    let wage_fen = rules::wage_fen(sent(&form.wage))?;
    let contract_signed = sent(&form.contract_signed) == "1";
    let (mut contract_start, mut contract_end) = (String::new(), String::new());
    if contract_signed {
        let start = required_date(sent(&form.contract_start), MSG_CONTRACT_DATES)?;
        let end = required_date(sent(&form.contract_end), MSG_CONTRACT_DATES)?;
        if start > end {
            return Err(Invalid(MSG_CONTRACT_ORDER));
        }
        (contract_start, contract_end) = (format_date(start), format_date(end));
    }
    let entry_date = format_date(required_date(sent(&form.entry_date), MSG_ENTRY_REQUIRED)?);
    Ok(Registration {
        person: PersonFields {
            id_number: id.as_str().to_owned(),
            name,
            gender: gender_code(id.gender()),
            ethnicity,
            birth_date: format_date(id.birth_date()),
            address,
            issuing_authority,
            id_valid_from,
            id_valid_to,
            photo: sent(&form.photo).to_owned(),
            phone,
            wage_card_number,
            wage_card_bank,
        },
        employment: EmploymentFields {
            unit_id,
            team_id,
            work_type,
            wage_kind,
            wage_fen,
            contract_signed,
            contract_start,
            contract_end,
            contract_file: if contract_signed { sent(&form.contract_file).to_owned() } else { String::new() },
            entry_date,
        },
        card_check_fails,
        keeps_stored_person: false,
    })
}

/// What a registration checks against the database: the unit and team of the project, the bank,
/// the uploads, and whether the person is on a roster already; then the confirmations (301): a card
/// failing its check digit unless `card_confirmed`, a person active on another project unless `confirmed`.
pub async fn check_registration(
    db: &Db,
    project_id: i64,
    registration: &mut Registration,
    card_confirmed: bool,
    confirmed: bool,
) -> Result<(), ApiError> {
    let employment = &registration.employment;
    let units = repo::units(db, project_id).await?;
    if !units.iter().any(|unit| unit.id == employment.unit_id) {
        return Err(Invalid(MSG_UNIT_UNKNOWN).into());
    }
    if let Some(team_id) = employment.team_id {
        let teams = repo::teams(db, project_id).await?;
        if !teams.iter().any(|team| team.id == team_id && team.unit_id == employment.unit_id) {
            return Err(Invalid(MSG_TEAM_UNKNOWN).into());
        }
    }
    let person = &mut registration.person;
    if !person.wage_card_bank.is_empty()
        && !repo::banks(db).await?.iter().any(|(code, _)| *code == person.wage_card_bank)
    {
        return Err(Invalid(MSG_BANK_UNKNOWN).into());
    }
    person.photo = project_upload(db, project_id, &person.photo, &["avatar", "image"], MSG_PHOTO).await?;
    registration.employment.contract_file = project_upload(
        db,
        project_id,
        &registration.employment.contract_file,
        &["contract", "attachment", "image"],
        MSG_CONTRACT_FILE,
    )
    .await?;
    let id_number = &registration.person.id_number;
    if repo::active_here(db, id_number, project_id).await? {
        return Err(Invalid(MSG_ACTIVE_HERE).into());
    }
    let active_elsewhere = repo::active_elsewhere(db, id_number, project_id).await?;
    if registration.card_check_fails && !card_confirmed && active_elsewhere.is_none() {
        return Err(ApiError::NeedsConfirmation(wage_card::MSG_CHECK_DIGIT.into()));
    }
    if let Some(project) = active_elsewhere {
        if !confirmed {
            return Err(ApiError::NeedsConfirmation(msg_active_elsewhere(&project)));
        }
        registration.keeps_stored_person = true;
    }
    Ok(())
}

/// What the log says of a registration that left the person as another project keeps them.
pub const KEPT_PERSON: &str = "该人员已在其他项目在场，个人信息沿用已登记的，未按本次所填修改";

/// What the log says of a card saved although it fails its check digit.
pub const CARD_WAIVED: &str = "工资卡号未通过银联校验位检查，已确认按所填保存";

pub(super) fn mask_id(id_number: &str) -> String {
    if id_number.len() < 10 {
        id_number.to_owned()
    } else {
        format!("{}********{}", &id_number[..6], &id_number[id_number.len() - 4..])
    }
}

/// What a registration writes of the person.
pub(super) enum PersonWrite<'a> {
    /// Create or refresh them (empty optional fields keep what is stored); the card waiver's author.
    Refresh(&'a PersonFields, Option<&'a str>),
    /// Leave the stored person as it is (they are on site on another project, whose clerk keeps them).
    Keep,
}

/// Inside `tx`: writes the person as `person` says and puts them on the project's roster with the line's
/// first wage standard. Answers (worker id, employment id); refused with `MSG_ACTIVE_HERE` when they are
/// already active on this project, or `Keep` finds no stored person, so that the transaction rolls back
/// the person's refresh too.
pub(super) async fn put_on_roster(
    tx: &mut Tx,
    project_id: i64,
    id_number: &str,
    person: &PersonWrite<'_>,
    employment: &EmploymentFields,
    now: i64,
) -> Result<(i64, i64), ApiError> {
    let worker_id = match person {
        PersonWrite::Refresh(person, _) => Some(repo::upsert_person(tx, id_number, person, now).await?),
        PersonWrite::Keep => repo::person_id(tx, id_number).await?,
    };
    let worker_id = worker_id.ok_or(Invalid(MSG_ACTIVE_HERE))?;
    let employment_id =
        repo::insert_employment(tx, project_id, worker_id, employment, now).await?.ok_or(Invalid(MSG_ACTIVE_HERE))?;
    repo::insert_first_rate(tx, employment_id, now).await?;
    if let PersonWrite::Refresh(person, card_waived_by) = person
        && !person.wage_card_number.is_empty()
    {
        repo::set_card_waiver(tx, worker_id, card_waived_by.map(|_| now), card_waived_by.unwrap_or("")).await?;
    }
    Ok((worker_id, employment_id))
}

/// Stores a checked registration and its log line in one transaction. Answers (worker id, employment id).
pub async fn store_registration(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    project_id: i64,
    registration: &Registration,
    action: &str,
) -> Result<(i64, i64), ApiError> {
    let waived_by = registration.card_check_fails.then_some(current.account.username.as_str());
    let person = if registration.keeps_stored_person {
        PersonWrite::Keep
    } else {
        PersonWrite::Refresh(&registration.person, waived_by)
    };
    let detail = format!(
        "{} {} 进场 {}{}",
        registration.person.name,
        mask_id(&registration.person.id_number),
        registration.employment.entry_date,
        if registration.keeps_stored_person {
            format!("，{KEPT_PERSON}")
        } else if registration.card_check_fails {
            format!("，{CARD_WAIVED}")
        } else {
            String::new()
        }
    );
    let now = clock::now();
    Tx::within(db, async |tx: &mut Tx| -> Result<(i64, i64), ApiError> {
        let id_number = &registration.person.id_number;
        let (worker_id, employment_id) =
            put_on_roster(tx, project_id, id_number, &person, &registration.employment, now).await?;
        let entry = oplog::Entry::by(&current.account, ip).action(action).on("employment", employment_id);
        oplog::record_in(tx, &entry.detail(detail)).await?;
        Ok((worker_id, employment_id))
    })
    .await
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Registered {
    pub worker_id: i64,
    /// The new roster line (employment).
    pub id: i64,
}

/// `Worker/register`.
pub async fn register(
    db: &Db,
    current: &CurrentAccount,
    ip: &str,
    form: &RegisterForm,
) -> Result<Registered, ApiError> {
    let project_id = scope::write(current)?;
    let mut registration = validate_registration(form)?;
    check_registration(
        db,
        project_id,
        &mut registration,
        sent(&form.card_confirmed) == "1",
        sent(&form.confirmed) == "1",
    )
    .await?;
    let (worker_id, id) = store_registration(db, current, ip, project_id, &registration, "人员进场登记").await?;
    Ok(Registered { worker_id, id })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::roster::{RosterQuery, roster_filter};

    fn form() -> RegisterForm {
        RegisterForm {
            name: Some("张三".into()),
            id_number: Some("11010519491231002x".into()),
            phone: Some("13800138000".into()),
            unit_id: Some("1".into()),
            work_type: Some("3".into()),
            wage_kind: Some("day".into()),
            wage: Some("350.5".into()),
            entry_date: Some("2026-03-01".into()),
            ..RegisterForm::default()
        }
    }

    #[test]
    fn a_registration_derives_gender_and_birth_from_the_id_number() {
        let registration = validate_registration(&form()).unwrap();
        assert_eq!(registration.person.id_number, "11010519491231002X");
        assert_eq!(registration.person.gender, 2);
        assert_eq!(registration.person.birth_date, "1949-12-31");
        assert_eq!(registration.employment.wage_fen, 35_050);
        assert!(!registration.employment.contract_signed);
    }

    #[test]
    fn registration_rules_answer_their_messages() {
        let cases: Vec<(RegisterForm, &str)> = vec![
            (RegisterForm { id_number: Some("110105194912310021".into()), ..form() }, "请填写正确的身份证号码"),
            (RegisterForm { wage_card_number: Some("6222021234567890".into()), ..form() }, MSG_BANK_REQUIRED),
            (RegisterForm { wage_card_number: Some("1234".into()), ..form() }, wage_card::MSG_SHAPE),
            (RegisterForm { unit_id: None, ..form() }, MSG_UNIT_REQUIRED),
            (RegisterForm { work_type: Some("x".into()), ..form() }, MSG_WORK_TYPE_UNKNOWN),
            (RegisterForm { wage_kind: Some("hour".into()), ..form() }, MSG_WAGE_KIND),
            (RegisterForm { contract_signed: Some("1".into()), ..form() }, MSG_CONTRACT_DATES),
            (
                RegisterForm {
                    contract_signed: Some("1".into()),
                    contract_start: Some("2026-05-01".into()),
                    contract_end: Some("2026-04-01".into()),
                    ..form()
                },
                MSG_CONTRACT_ORDER,
            ),
            (RegisterForm { entry_date: None, ..form() }, MSG_ENTRY_REQUIRED),
            (RegisterForm { address: Some("短".into()), ..form() }, "请输入规范的地址"),
        ];
        for (form, message) in cases {
            assert_eq!(validate_registration(&form).err(), Some(Invalid(message)), "{form:?}");
        }
    }

    #[test]
    fn roster_filters_are_checked() {
        let query = RosterQuery { status: Some("3".into()), ..RosterQuery::default() };
        assert_eq!(roster_filter(1, &query).err(), Some(Invalid(MSG_STATUS)));
        let query = RosterQuery { id_number: Some("4101%".into()), ..RosterQuery::default() };
        assert_eq!(roster_filter(1, &query).err(), Some(Invalid(MSG_ID_FILTER)));
        let query = RosterQuery {
            id_number: Some("11010519491231002x".into()),
            entry_from: Some("2026-01-01".into()),
            ..RosterQuery::default()
        };
        let filter = roster_filter(1, &query).unwrap();
        assert_eq!(filter.id_number, "11010519491231002X");
        assert_eq!(filter.entry_from, "2026-01-01");
        assert_eq!(mask_id("11010519491231002X"), "110105********002X");
        assert_eq!(project_label(&(2, String::new())), "编号2（未命名）");
        assert_eq!(msg_active_elsewhere(&(1, "幸福里".into())), "该人员已在项目「幸福里」在场，确认继续登记吗？");
    }
}
