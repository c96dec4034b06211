//! Domain newtypes that parse and validate what the forms send (spec §5), zero-to-production style:
//! a value of one of these types has passed its rule. Every refusal carries the console's Chinese message;
//! the console checks the same rules with the same messages (web/src/utils/rules/), and both sides run the
//! shared vectors in vectors/*.json.

pub mod calendar;
pub mod credit_code;
pub mod dates;
pub mod id_number;
pub mod latlng;
pub mod mask;
pub mod money;
pub mod payroll;
pub mod person_name;
pub mod phone;
pub mod text;
pub mod wage_card;
pub mod yuan;

use crate::envelope::ApiError;

/// A value that broke a rule; the message is shown to the user as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Invalid(pub &'static str);

impl From<Invalid> for ApiError {
    fn from(invalid: Invalid) -> ApiError {
        ApiError::Refused(invalid.0.to_owned())
    }
}

/// Whether every char is an ASCII digit (and there is at least one).
pub(crate) fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
pub(crate) mod vectors {
    use serde_json::Value;

    /// The cases of one vectors/*.json file: an array of objects with `rule`, `input`, `message` and,
    /// where relevant, `expect` (derived values).
    pub fn cases(json: &str) -> Vec<Value> {
        let cases: Vec<Value> = serde_json::from_str(json).expect("vector file is JSON");
        assert!(!cases.is_empty());
        cases
    }

    pub fn input(case: &Value) -> &str {
        case["input"].as_str().unwrap_or_else(|| panic!("case {case} has a string input"))
    }

    pub fn message(case: &Value) -> Option<&str> {
        case["message"].as_str()
    }

    pub fn expect<'a>(case: &'a Value, key: &str) -> &'a Value {
        &case["expect"][key]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_becomes_a_refusal_with_its_message() {
        let error: ApiError = Invalid("请填写正确的身份证号码").into();
        assert_eq!(error.code(), crate::envelope::REFUSED);
        assert_eq!(error.to_string(), "请填写正确的身份证号码");
    }

    #[test]
    fn every_vector_file_has_a_rust_harness() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../vectors");
        let covered = [
            "password.json",
            "id_number.json",
            "credit_code.json",
            "phone.json",
            "person_name.json",
            "text.json",
            "money.json",
            "dates.json",
            "latlng.json",
            "worker.json",
            "wage_card.json",
            "payroll.json",
            "calendar.json",
        ];
        for entry in std::fs::read_dir(dir).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".json") {
                assert!(covered.contains(&name.as_str()), "vectors/{name} is run by no Rust test");
            }
        }
    }
}
