//! The worker platform's interface as it is written on the wire (docs/platform.md): the form envelope
//! (`appid, data, format, method, nonce, timestamp, version, sign`), its SHA-256 signature over the sorted
//! parameters and the secret, and the AES-CBC encryption of ID numbers. No database, no clock.

use aes::Aes128;
use base64::Engine;
use cbc::cipher::{BlockModeDecrypt, BlockModeEncrypt, KeyIvInit, block_padding::Pkcs7};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

pub const VERSION: &str = "1.0";
pub const FORMAT: &str = "json";

/// The methods the feed sends, in the order a project's records depend on each other.
pub const METHODS: [&str; 9] = [
    "Project.Add",
    "Corp.Add",
    "ProjectSubContractor.Add",
    "Team.Add",
    "ProjectWorker.Add",
    "WorkerEntryExit.Add",
    "WorkerContract.Add",
    "WorkerAttendance.Add",
    "Payroll.Add",
];
pub const RESULT_QUERY: &str = "AsyncHandleResult.Query";

/// The lower-case hex SHA-256 of the parameters sorted by name (`sign` left out) as `name=value` joined by
/// `&`, followed by `&appsecret=<secret>`.
pub fn sign(parameters: &[(String, String)], secret: &str) -> String {
    let mut sorted: Vec<&(String, String)> = parameters.iter().filter(|(name, _)| name != "sign").collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut text: String = sorted.iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join("&");
    text.push_str("&appsecret=");
    text.push_str(secret);
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// The envelope of one call, signed.
pub fn envelope(
    app_id: &str,
    secret: &str,
    method: &str,
    data: &str,
    nonce: &str,
    timestamp: &str,
) -> Vec<(String, String)> {
    let mut parameters: Vec<(String, String)> = [
        ("appid", app_id),
        ("data", data),
        ("format", FORMAT),
        ("method", method),
        ("nonce", nonce),
        ("timestamp", timestamp),
        ("version", VERSION),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value.to_owned()))
    .collect();
    let signature = sign(&parameters, secret);
    parameters.push(("sign".to_owned(), signature));
    parameters
}

/// A secret is usable when it has the 16 bytes of key the encryption takes.
pub const SECRET_MIN: usize = 16;

/// AES-128 key and IV: the secret's first 16 bytes, the app id's first 16 (padded with `0`).
fn key_and_iv(app_id: &str, secret: &str) -> ([u8; 16], [u8; 16]) {
    let mut key = [b'0'; 16];
    let mut iv = [b'0'; 16];
    for (slot, byte) in key.iter_mut().zip(secret.bytes()) {
        *slot = byte;
    }
    for (slot, byte) in iv.iter_mut().zip(app_id.bytes()) {
        *slot = byte;
    }
    (key, iv)
}

/// An ID or card number as the platform takes it: AES-128-CBC, PKCS#7, base64.
pub fn encrypt(app_id: &str, secret: &str, plain: &str) -> String {
    let (key, iv) = key_and_iv(app_id, secret);
    let cipher = cbc::Encryptor::<Aes128>::new(&key.into(), &iv.into());
    base64::engine::general_purpose::STANDARD.encode(cipher.encrypt_padded_vec::<Pkcs7>(plain.as_bytes()))
}

/// The sandbox's side of `encrypt`; None for anything that is not such a text.
pub fn decrypt(app_id: &str, secret: &str, encrypted: &str) -> Option<String> {
    let (key, iv) = key_and_iv(app_id, secret);
    let bytes = base64::engine::general_purpose::STANDARD.decode(encrypted).ok()?;
    let cipher = cbc::Decryptor::<Aes128>::new(&key.into(), &iv.into());
    String::from_utf8(cipher.decrypt_padded_vec::<Pkcs7>(&bytes).ok()?).ok()
}

/// A platform's answer: `code` "0" taken; anything else refused with `message`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Serialize)]
pub struct Reply {
    #[serde(deserialize_with = "code_text")]
    pub code: String,
    #[serde(default)]
    pub message: String,
    #[serde(default)]
    pub data: Value,
}

/// Platforms write the code as a number or as text.
fn code_text<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    Ok(match Value::deserialize(deserializer)? {
        Value::String(text) => text,
        other => other.to_string(),
    })
}

/// Fen as the platform writes money: yuan with two decimals.
pub fn yuan(fen: i64) -> String {
    format!("{}.{:02}", fen / 100, fen % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_covers_sorted_parameters_and_the_secret() {
        let parameters = envelope(
            "wg-app-001",
            "0123456789abcdef0123",
            "Team.Add",
            r#"{"teamName":"钢筋班"}"#,
            "wg-7",
            "20261127190000",
        );
        let names: Vec<&str> = parameters.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, ["appid", "data", "format", "method", "nonce", "timestamp", "version", "sign"]);
        let expected = hex::encode(Sha256::digest(
            "appid=wg-app-001&data={\"teamName\":\"钢筋班\"}&format=json&method=Team.Add&nonce=wg-7&timestamp=20261127190000&version=1.0&appsecret=0123456789abcdef0123".as_bytes(),
        ));
        assert_eq!(parameters[7].1, expected);
        let mut shuffled = parameters.clone();
        shuffled.reverse();
        assert_eq!(sign(&shuffled, "0123456789abcdef0123"), expected, "order does not matter");
        assert_ne!(sign(&parameters, "another-secret-16"), expected);
    }

    #[test]
    fn id_numbers_go_out_encrypted_and_come_back() {
        let encrypted = encrypt("wg-app-001", "0123456789abcdef0123", "410105197001011007");
        assert_ne!(encrypted, "410105197001011007");
        assert_eq!(encrypted.len() % 4, 0, "base64");
        assert_eq!(decrypt("wg-app-001", "0123456789abcdef0123", &encrypted).as_deref(), Some("410105197001011007"));
        assert_eq!(decrypt("wg-app-001", "fedcba9876543210", &encrypted), None, "another secret cannot read it");
        assert_eq!(encrypt("wg-app-001", "0123456789abcdef0123", "410105197001011007"), encrypted, "deterministic");
    }

    #[test]
    fn money_is_yuan_with_two_decimals() {
        assert_eq!(yuan(30_000), "300.00");
        assert_eq!(yuan(7), "0.07");
        assert_eq!(yuan(123_456), "1234.56");
    }
}
