//! The one masking rule for ID numbers and wage-card numbers (issue 10, decisions "Privacy: one masking
//! rule"): every list and every screen a passer-by can read shows `4101**********123X` — the first 4 and the
//! last 4 characters, one asterisk for each character between, so the length stays visible. The detail
//! drawer, exports and edit forms get the full number; a list reveals one through a logged action.

/// How many characters stay visible at each end.
const VISIBLE: usize = 4;

/// `text` masked: first 4, last 4, `*` between, same length. A short value (a typo, an old card) keeps a
/// quarter at each end, so that no number of 8 characters or fewer is shown whole. '' stays ''.
pub fn masked(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let visible = VISIBLE.min(chars.len() / 4);
    chars
        .iter()
        .enumerate()
        .map(|(index, char)| if index < visible || index >= chars.len() - visible { *char } else { '*' })
        .collect()
}

/// A mobile number as an SMS notice or a page names it: 138****8000; anything else `***`.
pub fn phone(phone: &str) -> String {
    if phone.len() == 11 && phone.is_ascii() { format!("{}****{}", &phone[..3], &phone[7..]) } else { "***".into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_shows_its_first_three_and_last_four_digits() {
        assert_eq!(phone("13800138000"), "138****8000");
        assert_eq!(phone("0871-123"), "***");
    }

    #[test]
    fn keeps_four_at_each_end_and_the_length() {
        assert_eq!(masked("41010519491231123X"), "4101**********123X");
        assert_eq!(masked("6222021234567890123"), "6222***********0123");
        assert_eq!(masked("6222021234567890"), "6222********7890");
        assert_eq!(masked("62220212"), "62****12");
        assert_eq!(masked("123"), "***");
        assert_eq!(masked(""), "");
    }
}
