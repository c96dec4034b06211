//! Server-side pagination (DESIGN §3): `page` from 1, `limit` 1–100 (default 10) in,
//! `{list, total, page, limit}` out; and the LIKE pattern of a search box.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::Invalid;

pub const MSG_PAGE: &str = "页码应为正整数";
pub const MSG_LIMIT: &str = "每页条数应为1-100";
pub const DEFAULT_LIMIT: i64 = 10;
pub const MAX_LIMIT: i64 = 100;
/// Far beyond any real list; keeps `(page - 1) * limit` from overflowing.
const MAX_PAGE: i64 = 1_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    pub page: i64,
    pub limit: i64,
}

impl Page {
    /// Reads `page` and `limit` as sent (empty = default).
    pub fn parse(page: &Option<String>, limit: &Option<String>) -> Result<Page, Invalid> {
        Ok(Page { page: number(page, 1, 1..=MAX_PAGE, MSG_PAGE)?, limit: number(limit, DEFAULT_LIMIT, 1..=MAX_LIMIT, MSG_LIMIT)? })
    }

    pub fn offset(self) -> i64 {
        (self.page - 1) * self.limit
    }

    pub fn answer<T>(self, list: Vec<T>, total: i64) -> Paged<T> {
        Paged { list, total, page: self.page, limit: self.limit }
    }
}

fn number(text: &Option<String>, default: i64, range: std::ops::RangeInclusive<i64>, message: &'static str) -> Result<i64, Invalid> {
    match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(default),
        Some(t) => t.parse::<i64>().ok().filter(|n| range.contains(n)).ok_or(Invalid(message)),
    }
}

/// One page of a list and the number of rows of the whole list.
#[derive(Debug, Serialize, ToSchema)]
pub struct Paged<T> {
    pub list: Vec<T>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// `%text%` for `LIKE $n ESCAPE '\'`, with the wildcards in `text` escaped; '' for no filter.
pub fn like_pattern(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let escaped: String = text.chars().flat_map(|c| if matches!(c, '%' | '_' | '\\') { vec!['\\', c] } else { vec![c] }).collect();
    format!("%{escaped}%")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn some(text: &str) -> Option<String> {
        Some(text.to_owned())
    }

    #[test]
    fn pages_default_and_refuse_out_of_range() {
        assert_eq!(Page::parse(&None, &None), Ok(Page { page: 1, limit: 10 }));
        assert_eq!(Page::parse(&some("3"), &some("100")).map(Page::offset), Ok(200));
        assert_eq!(Page::parse(&some("0"), &None), Err(Invalid(MSG_PAGE)));
        assert_eq!(Page::parse(&some("x"), &None), Err(Invalid(MSG_PAGE)));
        assert_eq!(Page::parse(&None, &some("101")), Err(Invalid(MSG_LIMIT)));
        assert_eq!(Page::parse(&None, &some("0")), Err(Invalid(MSG_LIMIT)));
    }

    #[test]
    fn like_patterns_escape_wildcards() {
        assert_eq!(like_pattern(""), "");
        assert_eq!(like_pattern("张_%"), "%张\\_\\%%");
    }
}
