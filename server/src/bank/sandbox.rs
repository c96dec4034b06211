//! The built-in sandbox bank: no network, no state, the same answer for the same account every time,
//! so every outcome can be produced on purpose (docs/decisions.md, "Bank verification sandbox").
//!
//! Account verification looks at the account number's digits (hyphens ignored):
//! - beginning with `999`: the bank cannot be reached (`Err`), whatever the last digit;
//! - otherwise by the last digit:
//!   - `0`–`6`: verified. The open date is derived from the number (FNV-1a of its digits, modulo 3 650 days,
//!     after 2015-01-01, so between 2015-01-01 and 2024-12-28); the bank's name comes from its code
//!     (`102` 中国工商银行, `103` 中国农业银行, `104` 中国银行, `105` 中国建设银行, `301` 交通银行,
//!     `403` 中国邮政储蓄银行, anything else 沙箱银行), the branch's name is `{bank}沙箱支行（{branch code}）`;
//!   - `7`: rejected, `账户名称与银行账号不一致`;
//!   - `8`: rejected, `该账号不存在或已销户`;
//!   - `9`: doubtful, `该账户开户信息与登记信息不完全一致，请确认是否继续提交`.
//!
//! Payouts remember every idempotency key in `sandbox_bank_payments`, so a retried key answers the first
//! result. A batch with a card beginning with `999` fails as an unreachable bank (nothing remembered);
//! otherwise a card that `domain::wage_card::problem` finds wrong (missing, not 12–30 digits, a UnionPay number
//! failing its check digit) is refused with `收款卡号无效：<problem>`, and every other card is paid with the
//! reference `SBX` + FNV-1a of the key.
//!
//! With a pay delay (configuration `sandbox_pay_delay_ms`, for tests only) the sandbox waits that long before
//! each line and remembers the lines one by one, as a slow bank would pay them.

use time::{Date, Duration, Month};

use super::{AccountQuery, BankGateway, BoxFuture, PayOutcome, PayRequest, Verification};
use crate::clock;
use crate::db::Db;
use crate::domain::dates::format_date;

pub const REASON_NAME_MISMATCH: &str = "账户名称与银行账号不一致";
pub const REASON_NO_SUCH_ACCOUNT: &str = "该账号不存在或已销户";
pub const WARNING_DOUBTFUL: &str = "该账户开户信息与登记信息不完全一致，请确认是否继续提交";
/// Account numbers with this prefix make the sandbox fail as an unreachable bank would.
pub const OUTAGE_PREFIX: &str = "999";

const OPEN_DATE_SPAN_DAYS: u64 = 3650;

/// Requests remembered per statement (7 parameters each, far below either backend's limit).
const PAY_CHUNK: usize = 500;

/// The sandbox bank (the default gateway); its memory of payouts lives in the database.
#[derive(Clone, Debug)]
pub struct SandboxBank {
    pub db: Db,
    /// Waited before each payout line; zero pays a batch at once.
    pub pay_delay: std::time::Duration,
}

impl SandboxBank {
    /// The sandbox's answer, without the future around it.
    pub fn answer(query: &AccountQuery) -> anyhow::Result<Verification> {
        let digits: String = query.bank_account.chars().filter(char::is_ascii_digit).collect();
        if digits.starts_with(OUTAGE_PREFIX) {
            anyhow::bail!("sandbox bank: simulated outage for account numbers beginning with {OUTAGE_PREFIX}");
        }
        let verification = match digits.chars().last() {
            Some('7') => Verification::Rejected { reason: REASON_NAME_MISMATCH.into() },
            Some('8') => Verification::Rejected { reason: REASON_NO_SUCH_ACCOUNT.into() },
            Some('9') => Verification::Doubtful { warning: WARNING_DOUBTFUL.into() },
            Some(_) => {
                let bank_name = bank_name(query.bank_code.trim()).to_owned();
                let branch_name = format!("{bank_name}沙箱支行（{}）", query.branch_code.trim());
                Verification::Verified { open_date: open_date(&digits), bank_name, branch_name }
            }
            None => Verification::Rejected { reason: REASON_NO_SUCH_ACCOUNT.into() },
        };
        Ok(verification)
    }
}

impl BankGateway for SandboxBank {
    fn verify_account<'a>(&'a self, query: &'a AccountQuery) -> BoxFuture<'a, Verification> {
        Box::pin(async move {
            let answer = SandboxBank::answer(query);
            tracing::info!(outcome = ?answer.as_ref().map(outcome), "account verified by the sandbox bank");
            answer
        })
    }

    fn pay<'a>(&'a self, requests: &'a [PayRequest]) -> BoxFuture<'a, Vec<PayOutcome>> {
        Box::pin(async move {
            if requests.iter().any(|request| request.card_number.starts_with(OUTAGE_PREFIX)) {
                anyhow::bail!("sandbox bank: simulated outage for a card beginning with {OUTAGE_PREFIX}");
            }
            let mut outcomes = Vec::with_capacity(requests.len());
            let chunk_size = if self.pay_delay.is_zero() { PAY_CHUNK } else { 1 };
            for chunk in requests.chunks(chunk_size) {
                if !self.pay_delay.is_zero() {
                    tokio::time::sleep(self.pay_delay).await;
                }
                outcomes.extend(self.pay_chunk(chunk).await?);
            }
            Ok(outcomes)
        })
    }
}

impl SandboxBank {
    /// The first answer for a key: what this card and key give.
    /// The sandbox's answer to the lines of a batch file, as its result file carries them: (paid, reason,
    /// bank reference), by the same rules as [`Self::pay_answer`] with the order number and 序号 as the key.
    pub fn answer_batch(order_no: &str, rows: &[super::files::BatchRow]) -> Vec<(bool, String, String)> {
        rows.iter()
            .map(|row| {
                let request = PayRequest {
                    idempotency_key: format!("{order_no}#{}", row.seq),
                    card_number: row.account.clone(),
                    card_bank: String::new(),
                    holder_name: row.name.clone(),
                    amount_fen: row.amount_fen,
                };
                match Self::pay_answer(&request) {
                    PayOutcome::Paid { bank_ref } => (true, String::new(), bank_ref),
                    PayOutcome::Failed { reason } => (false, reason, String::new()),
                }
            })
            .collect()
    }

    pub fn pay_answer(request: &PayRequest) -> PayOutcome {
        match crate::domain::wage_card::problem(&request.card_number) {
            Some(problem) => PayOutcome::Failed { reason: format!("收款卡号无效：{problem}") },
            None => PayOutcome::Paid { bank_ref: format!("SBX{:016X}", fnv1a(&request.idempotency_key)) },
        }
    }

    /// Remembers the first answer of every new key, then reads back the remembered answers.
    async fn pay_chunk(&self, chunk: &[PayRequest]) -> anyhow::Result<Vec<PayOutcome>> {
        let first: Vec<(&PayRequest, PayOutcome)> =
            chunk.iter().map(|request| (request, SandboxBank::pay_answer(request))).collect();
        let answers = super::repo::remember_payments(&self.db, &first, clock::now()).await?;
        let remembered: std::collections::HashMap<String, PayOutcome> = answers
            .into_iter()
            .map(|(key, paid, bank_ref, reason)| {
                (key, if paid { PayOutcome::Paid { bank_ref } } else { PayOutcome::Failed { reason } })
            })
            .collect();
        chunk
            .iter()
            .map(|request| {
                remembered
                    .get(&request.idempotency_key)
                    .cloned()
                    .ok_or_else(|| anyhow::anyhow!("sandbox bank lost the key {}", request.idempotency_key))
            })
            .collect()
    }
}

fn outcome(verification: &Verification) -> &'static str {
    match verification {
        Verification::Verified { .. } => "verified",
        Verification::Rejected { .. } => "rejected",
        Verification::Doubtful { .. } => "doubtful",
    }
}

fn bank_name(code: &str) -> &'static str {
    match code {
        "102" => "中国工商银行",
        "103" => "中国农业银行",
        "104" => "中国银行",
        "105" => "中国建设银行",
        "301" => "交通银行",
        "403" => "中国邮政储蓄银行",
        _ => "沙箱银行",
    }
}

fn fnv1a(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// 2015-01-01 plus FNV-1a(digits) mod 3 650 days.
fn open_date(digits: &str) -> String {
    let hash = fnv1a(digits);
    let base = Date::from_calendar_date(2015, Month::January, 1).expect("a valid date");
    format_date(base + Duration::days((hash % OPEN_DATE_SPAN_DAYS) as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(account: &str) -> AccountQuery {
        AccountQuery {
            bank_account: account.into(),
            account_name: "某某建设有限公司农民工工资专户".into(),
            bank_code: "105".into(),
            branch_code: "105501000017".into(),
        }
    }

    fn verify(account: &str) -> Verification {
        SandboxBank::answer(&query(account)).expect("the sandbox answers")
    }

    #[test]
    fn last_digits_zero_to_six_verify_with_a_stable_open_date() {
        for last in '0'..='6' {
            let account = format!("6222021234567{last}");
            let Verification::Verified { open_date, bank_name, branch_name } = verify(&account) else {
                panic!("{account} verifies")
            };
            assert_eq!(bank_name, "中国建设银行");
            assert_eq!(branch_name, "中国建设银行沙箱支行（105501000017）");
            assert_eq!(open_date.len(), 10, "{open_date}");
            assert!(("2015-01-01".."2025-01-01").contains(&open_date.as_str()), "{open_date}");
            assert_eq!(verify(&account), verify(&account), "the same answer every time");
        }
        let Verification::Verified { open_date: a, .. } = verify("62220212345670") else { panic!() };
        let Verification::Verified { open_date: b, .. } = verify("62220212345671") else { panic!() };
        assert_ne!(a, b, "different numbers usually open on different days");
        let Verification::Verified { open_date: hyphenated, .. } = verify("6222-0212-3456-70") else { panic!() };
        assert_eq!(hyphenated, a, "hyphens do not count");
    }

    #[test]
    fn open_date_by_hand() {
        // FNV-1a 64 of "1" is 0xaf63ac4c86019afc; mod 3650 = 3518; 2015-01-01 + 3518 days = 2024-08-19.
        assert_eq!(open_date("1"), "2024-08-19");
    }

    #[test]
    fn seven_eight_and_nine_refuse_or_doubt() {
        assert_eq!(verify("62220212345677"), Verification::Rejected { reason: REASON_NAME_MISMATCH.into() });
        assert_eq!(verify("62220212345678"), Verification::Rejected { reason: REASON_NO_SUCH_ACCOUNT.into() });
        assert_eq!(verify("62220212345679"), Verification::Doubtful { warning: WARNING_DOUBTFUL.into() });
    }

    #[test]
    fn unknown_bank_codes_and_the_outage_prefix() {
        let mut unknown = query("62220212345670");
        unknown.bank_code = "".into();
        let Verification::Verified { bank_name, .. } = SandboxBank::answer(&unknown).unwrap() else { panic!() };
        assert_eq!(bank_name, "沙箱银行");
        assert!(SandboxBank::answer(&query("9991234560")).is_err());
        assert!(SandboxBank::answer(&query("999-1234569")).is_err(), "the prefix wins over the last digit");
    }

    async fn sandbox() -> SandboxBank {
        let db = Db::connect("sqlite::memory:").await.expect("in-memory database");
        db.migrate().await.expect("migrations");
        SandboxBank { db, pay_delay: std::time::Duration::ZERO }
    }

    #[tokio::test]
    async fn the_trait_answers_like_the_function() {
        let bank = sandbox().await;
        let gateway: &dyn BankGateway = &bank;
        let q = query("62220212345679");
        assert_eq!(gateway.verify_account(&q).await.unwrap(), verify("62220212345679"));
    }

    fn pay_request(key: &str, card: &str) -> PayRequest {
        PayRequest {
            idempotency_key: key.into(),
            card_number: card.into(),
            card_bank: "102".into(),
            holder_name: "王建军".into(),
            amount_fen: 35_000,
        }
    }

    #[tokio::test]
    async fn payouts_fail_bad_cards_and_remember_keys() {
        let bank = sandbox().await;
        let good = pay_request("k1", "6222021234567890128");
        let bad = pay_request("k2", "6222021234567890129");
        let outcomes = bank.pay(&[good.clone(), bad.clone()]).await.unwrap();
        let PayOutcome::Paid { bank_ref } = &outcomes[0] else { panic!("{outcomes:?}") };
        assert!(bank_ref.starts_with("SBX"));
        assert_eq!(outcomes[1], PayOutcome::Failed { reason: "收款卡号无效：卡号校验位错误".into() });
        let retried = pay_request("k2", "6222021234567890128");
        assert_eq!(bank.pay(&[retried]).await.unwrap()[0], outcomes[1], "a retried key answers the first result");
        assert!(bank.pay(&[pay_request("k3", "9991234567890")]).await.is_err());
    }
}
