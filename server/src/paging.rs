//! Server-side pagination of lists (DESIGN §3): `page` from 1, `limit` 1–100 (default 10) in,
//! `{list, total, page, limit}` out; and the LIKE pattern of a "contains" filter.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::Invalid;

pub const MSG_PAGE: &str = "页码应为正整数";
pub const MSG_LIMIT: &str = "每页条数应为1-100";
pub const DEFAULT_LIMIT: i64 = 10;
pub const MAX_LIMIT: i64 = 100;

/// A validated page request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    pub page: i64,
    pub limit: i64,
}

impl Page {
    /// `page` and `limit` as sent; empty or missing means page 1 of 10.
    pub fn parse(page: &Option<String>, limit: &Option<String>) -> Result<Page, Invalid> {
        let page = number(page, 1, 1..=1_000_000, MSG_PAGE)?;
        let limit = number(limit, DEFAULT_LIMIT, 1..=MAX_LIMIT, MSG_LIMIT)?;
        Ok(Page { page, limit })
    }

    pub fn offset(self) -> i64 {
        (self.page - 1) * self.limit
    }

    pub fn answer<T>(self, list: Vec<T>, total: i64) -> Paged<T> {
        Paged { list, total, page: self.page, limit: self.limit }
    }
}

fn number(text: &Option<String>, default: i64, range: std::ops::RangeInclusive<i64>, message: &'static str) -> Result<i64, Invalid> {
    match text.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
        None => Ok(default),
        Some(text) => text.parse::<i64>().ok().filter(|n| range.contains(n)).ok_or(Invalid(message)),
    }
}

/// One page of a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct Paged<T> {
    pub list: Vec<T>,
    /// Rows matching the filters, over all pages.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// `%text%` with LIKE's wildcards escaped (use with `ESCAPE '\'`); '' for an empty filter.
pub fn contains_pattern(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let escaped: String = text.chars().flat_map(|c| if matches!(c, '%' | '_' | '\\') { vec!['\\', c] } else { vec![c] }).collect();
    format!("%{escaped}%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_default_and_refuse_out_of_range() {
        assert_eq!(Page::parse(&None, &None), Ok(Page { page: 1, limit: 10 }));
        assert_eq!(Page::parse(&Some(" 3 ".into()), &Some("100".into())), Ok(Page { page: 3, limit: 100 }));
        assert_eq!(Page::parse(&Some("0".into()), &None), Err(Invalid(MSG_PAGE)));
        assert_eq!(Page::parse(&Some("x".into()), &None), Err(Invalid(MSG_PAGE)));
        assert_eq!(Page::parse(&None, &Some("101".into())), Err(Invalid(MSG_LIMIT)));
        assert_eq!(Page { page: 3, limit: 20 }.offset(), 40);
    }

    #[test]
    fn patterns_escape_wildcards() {
        assert_eq!(contains_pattern(""), "");
        assert_eq!(contains_pattern("a%b_c\\"), "%a\\%b\\_c\\\\%");
    }
}
