//! Password rules (spec §5 "Password change"), base64 transport and argon2id hashing.

use argon2::Argon2;
use argon2::{PasswordHash, PasswordHasher, PasswordVerifier};
use base64::Engine;
use std::sync::LazyLock;

use super::lockout;
use crate::db::Db;
use crate::envelope::ApiError;
use crate::identity::accounts;

pub const MSG_NORMAL_RULE: &str = "请输入6-16位非空格字符的密码";
pub const MSG_STRONG_RULE: &str = "请输入8-16位包含大小写字母+数字+特殊字符组成的密码";

/// Decodes a base64 field (standard alphabet, padding optional) into UTF-8 text.
pub fn decode_base64_text(value: &str, what: &str) -> Result<String, ApiError> {
    let trimmed = value.trim();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(trimmed)
        .or_else(|_| base64::engine::general_purpose::STANDARD_NO_PAD.decode(trimmed))
        .map_err(|_| ApiError::refused(format!("{what}格式错误")))?;
    String::from_utf8(bytes).map_err(|_| ApiError::refused(format!("{what}格式错误")))
}

/// 6–16 characters, none of them whitespace.
pub fn meets_normal_rule(password: &str) -> bool {
    let count = password.chars().count();
    (6..=16).contains(&count) && !password.chars().any(char::is_whitespace)
}

/// 8–16 characters with an upper-case letter, a lower-case letter, a digit and a special character.
pub fn meets_strong_rule(password: &str) -> bool {
    let count = password.chars().count();
    (8..=16).contains(&count)
        && !password.chars().any(char::is_whitespace)
        && password.chars().any(|c| c.is_ascii_uppercase())
        && password.chars().any(|c| c.is_ascii_lowercase())
        && password.chars().any(|c| c.is_ascii_digit())
        && password.chars().any(|c| !c.is_ascii_alphanumeric())
}

/// Checks a new password against the rule in force, answering the console's message.
pub fn check_new_password(password: &str, strong: bool) -> Result<(), ApiError> {
    if strong && !meets_strong_rule(password) {
        return Err(ApiError::refused(MSG_STRONG_RULE));
    }
    if !strong && !meets_normal_rule(password) {
        return Err(ApiError::refused(MSG_NORMAL_RULE));
    }
    Ok(())
}

/// Hashes with argon2id and a fresh salt. CPU-heavy: call from a blocking task.
pub fn hash(password: &str) -> anyhow::Result<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| anyhow::anyhow!("argon2 hash failed: {e}"))
}

/// Verifies against a stored argon2 hash. CPU-heavy: call from a blocking task.
pub fn verify(password: &str, stored_hash: &str) -> bool {
    PasswordHash::new(stored_hash)
        .map(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// The hash a password is checked against when the login name has no account: of a random password nobody
/// knows, with the same argon2 parameters, so an unknown name costs the same work as a known one (issue 12
/// finding 4). Made on first use.
pub fn unknown_account_hash() -> &'static str {
    static HASH: LazyLock<String> =
        LazyLock::new(|| hash(&hex::encode(rand::random::<[u8; 32]>())).expect("argon2 hashes a random password"));
    &HASH
}

pub async fn hash_blocking(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || hash(&password)).await?
}

pub async fn verify_blocking(password: String, stored_hash: String) -> bool {
    tokio::task::spawn_blocking(move || verify(&password, &stored_hash)).await.unwrap_or(false)
}

/// Stores an account's new password hash and lifts any lock of its name. `initial` marks a password handed out
/// by someone else (forced change).
pub async fn store(db: &Db, id: i64, password_hash: &str, meets_strong_rule: bool, initial: bool) -> sqlx::Result<()> {
    accounts::set_password(db, id, password_hash, meets_strong_rule, initial).await?;
    if let Some(account) = accounts::find_by_id(db, id).await? {
        lockout::clear(db, &account.username).await?;
    }
    Ok(())
}

/// An initial password handed out once (project and regulator accounts): 12 characters with an upper-case
/// letter, a lower-case letter, a digit and a special character; no look-alike characters (0/O, 1/l/I).
pub fn initial_password() -> String {
    const UPPER: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
    const LOWER: &[u8] = b"abcdefghijkmnpqrstuvwxyz";
    const DIGIT: &[u8] = b"23456789";
    const SPECIAL: &[u8] = b"@#$%&*+=?";
    let pick = |set: &[u8]| set[rand::random_range(0..set.len())] as char;
    let mut chars = vec![pick(UPPER), pick(LOWER), pick(DIGIT), pick(SPECIAL)];
    let all: Vec<u8> = [UPPER, LOWER, DIGIT, SPECIAL].concat();
    while chars.len() < 12 {
        chars.push(pick(&all));
    }
    for i in (1..chars.len()).rev() {
        chars.swap(i, rand::random_range(0..=i));
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_follow_the_spec() {
        let vectors = include_str!("../../../vectors/password.json");
        let cases: Vec<serde_json::Value> = serde_json::from_str(vectors).unwrap();
        assert!(!cases.is_empty());
        for case in cases {
            let password = case["password"].as_str().unwrap();
            let strong = case["strong"].as_bool().unwrap();
            let expected = case["message"].as_str();
            let actual = check_new_password(password, strong).err().map(|e| e.to_string());
            assert_eq!(actual.as_deref(), expected, "password {password:?} strong={strong}");
        }
    }

    #[test]
    fn base64_round_trips_utf8_and_refuses_garbage() {
        assert_eq!(decode_base64_text("RGVtb0AxMjM0NQ==", "密码").unwrap(), "Demo@12345");
        assert_eq!(decode_base64_text("5a+G56CB", "密码").unwrap(), "密码");
        assert_eq!(decode_base64_text("!!!", "密码").unwrap_err().to_string(), "密码格式错误");
        assert_eq!(decode_base64_text("/w==", "密码").unwrap_err().to_string(), "密码格式错误");
    }

    #[test]
    fn hashes_verify_only_the_right_password() {
        let stored = hash("Demo@12345").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("Demo@12345", &stored));
        assert!(!verify("demo@12345", &stored));
        assert!(!verify("Demo@12345", "not a hash"));
    }

    #[test]
    fn the_unknown_account_hash_costs_what_a_real_one_does() {
        let real = hash("Demo@12345").unwrap();
        let params = |stored: &str| stored.rsplitn(3, '$').nth(2).unwrap().to_owned();
        assert_eq!(params(unknown_account_hash()), params(&real));
        assert!(!verify("", unknown_account_hash()));
    }
}
