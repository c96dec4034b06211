//! Required fields and length rules of spec §5. Lengths count Unicode chars, never bytes; "non-space"
//! means no whitespace anywhere (as in the password rule).

use super::{Invalid, all_digits};

// Messages the spec gives.
pub const MSG_PROJECT_NAME_REQUIRED: &str = "请填写项目名称";
pub const MSG_DISTRICT_REQUIRED: &str = "请选择管辖划分";
pub const MSG_AREA_REQUIRED: &str = "请选择所属区域";
pub const MSG_START_REQUIRED: &str = "请选择合同开工日期";
pub const MSG_COMPLETION_REQUIRED: &str = "请选择合同竣工日期";
pub const MSG_LATLNG_REQUIRED: &str = "请选择坐标";
pub const MSG_ADDRESS: &str = "请输入规范的地址";
pub const MSG_DESC_TOO_LONG: &str = "输入的文字超过上限";
pub const MSG_DURATION: &str = "请输入9999以内的正整数";
// Messages we chose (docs/decisions.md, "Validation rules").
pub const MSG_PROJECT_NAME_TOO_LONG: &str = "项目名称不能超过255个字";
pub const MSG_PROJECT_TYPE_REQUIRED: &str = "请选择项目类型";
pub const MSG_MONEY_SOURCE_REQUIRED: &str = "请选择资金来源";
pub const MSG_INDUSTRY_REQUIRED: &str = "请选择行业主管部门";
pub const MSG_PROGRESS_REQUIRED: &str = "请选择工程进度";
pub const MSG_UNIT_NAME_REQUIRED: &str = "请填写单位名称";
pub const MSG_UNIT_NAME: &str = "请输入1-50位非空格字符的单位名称";
pub const MSG_REGISTERED_AREA_REQUIRED: &str = "请选择注册地区";
pub const MSG_UNIT_TYPE_REQUIRED: &str = "请选择单位类型";
pub const MSG_REGISTER_DATE_REQUIRED: &str = "请选择注册日期";
pub const MSG_PAY_TYPE_REQUIRED: &str = "请选择缴纳方式";
pub const MSG_GUARANTEE_DATES_REQUIRED: &str = "请选择保函有效期";
pub const MSG_ACCOUNT_NAME_REQUIRED: &str = "请填写账户名称";
pub const MSG_ACCOUNT_NAME: &str = "请输入3-100位非空格字符的账户名称";
pub const MSG_BANK_ACCOUNT_REQUIRED: &str = "请填写专户账号";
pub const MSG_BANK_ACCOUNT: &str = "请填写正确的专户账号";
pub const MSG_BANK_BRANCH_REQUIRED: &str = "请选择开户网点";
pub const MSG_OPEN_COMPANY_TYPE_REQUIRED: &str = "请选择开户主体类型";
pub const MSG_OPEN_COMPANY_NAME_REQUIRED: &str = "请填写开户主体名称";

pub const PROJECT_NAME_MAX: usize = 255;
pub const DESC_MAX: usize = 1000;

fn chars(text: &str) -> usize {
    text.chars().count()
}

fn has_whitespace(text: &str) -> bool {
    text.chars().any(char::is_whitespace)
}

/// A required field: the trimmed value, or the field's message when it is empty.
pub fn required(input: &str, message: &'static str) -> Result<String, Invalid> {
    let value = input.trim();
    if value.is_empty() { Err(Invalid(message)) } else { Ok(value.to_owned()) }
}

/// Project name: required, at most 255 chars (trimmed).
pub fn project_name(input: &str) -> Result<String, Invalid> {
    let value = required(input, MSG_PROJECT_NAME_REQUIRED)?;
    if chars(&value) > PROJECT_NAME_MAX { Err(Invalid(MSG_PROJECT_NAME_TOO_LONG)) } else { Ok(value) }
}

/// Unit name (builder, construction unit, opening entity): 1–50 chars, no whitespace.
pub fn unit_name(input: &str) -> Result<String, Invalid> {
    let value = required(input, MSG_UNIT_NAME_REQUIRED)?;
    if chars(&value) > 50 || has_whitespace(&value) { Err(Invalid(MSG_UNIT_NAME)) } else { Ok(value) }
}

/// Address (project, registered, office): 3–100 chars after trimming; one message for empty and wrong.
pub fn address(input: &str) -> Result<String, Invalid> {
    let value = input.trim();
    if (3..=100).contains(&chars(value)) { Ok(value.to_owned()) } else { Err(Invalid(MSG_ADDRESS)) }
}

/// Project description: optional, at most 1000 chars after trimming.
pub fn project_desc(input: &str) -> Result<String, Invalid> {
    let value = input.trim();
    if chars(value) > DESC_MAX { Err(Invalid(MSG_DESC_TOO_LONG)) } else { Ok(value.to_owned()) }
}

/// Bank account name: 3–100 chars, no whitespace.
pub fn account_name(input: &str) -> Result<String, Invalid> {
    let value = required(input, MSG_ACCOUNT_NAME_REQUIRED)?;
    if !(3..=100).contains(&chars(&value)) || has_whitespace(&value) {
        Err(Invalid(MSG_ACCOUNT_NAME))
    } else {
        Ok(value)
    }
}

/// Bank account number: `^[1-9][0-9-]{0,49}$`.
pub fn bank_account(input: &str) -> Result<String, Invalid> {
    let value = required(input, MSG_BANK_ACCOUNT_REQUIRED)?;
    let ok = value.len() <= 50
        && value.starts_with(|c: char| ('1'..='9').contains(&c))
        && value.bytes().all(|b| b.is_ascii_digit() || b == b'-');
    if ok { Ok(value) } else { Err(Invalid(MSG_BANK_ACCOUNT)) }
}

/// Duration in days (EndTime): a positive integer of at most 5 digits, no leading zero. The spec's
/// message says "9999以内" although 5 digits allow 99999; we keep both as written (decisions.md).
pub fn duration_days(input: &str) -> Result<u32, Invalid> {
    let value = input.trim();
    if value.len() > 5 || !all_digits(value) || value.starts_with('0') {
        return Err(Invalid(MSG_DURATION));
    }
    value.parse().map_err(|_| Invalid(MSG_DURATION))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::vectors::{cases, expect, input, message};

    #[test]
    fn shared_vectors() {
        for case in cases(include_str!("../../../vectors/text.json")) {
            let text = input(&case).to_owned();
            let result = match case["rule"].as_str().unwrap() {
                "required" => {
                    let field_message = case["field_message"].as_str().unwrap();
                    let message = [
                        MSG_DISTRICT_REQUIRED,
                        MSG_AREA_REQUIRED,
                        MSG_START_REQUIRED,
                        MSG_COMPLETION_REQUIRED,
                        MSG_LATLNG_REQUIRED,
                        MSG_PROJECT_TYPE_REQUIRED,
                    ]
                    .into_iter()
                    .find(|m| *m == field_message)
                    .expect("a known required message");
                    required(&text, message)
                }
                "projectName" => project_name(&text),
                "unitName" => unit_name(&text),
                "address" => address(&text),
                "projectDesc" => project_desc(&text),
                "accountName" => account_name(&text),
                "bankAccount" => bank_account(&text),
                "durationDays" => duration_days(&text).map(|days| days.to_string()),
                rule => panic!("unknown rule {rule}"),
            };
            assert_eq!(result.as_ref().err().map(|e| e.0), message(&case), "case {case}");
            if let (Ok(value), Some(expected)) = (&result, expect(&case, "value").as_str()) {
                assert_eq!(value, expected, "case {case}");
            }
        }
    }
}
