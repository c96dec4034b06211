//! Server-side pagination of lists (DESIGN §3): `page` from 1, `limit` 1–100 (default 10) in,
//! `{list, total, page, limit}` out; and the LIKE pattern of a "contains" filter.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

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

fn number(
    text: &Option<String>,
    default: i64,
    range: std::ops::RangeInclusive<i64>,
    message: &'static str,
) -> Result<i64, Invalid> {
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

/// Totals of recent list filters, kept a few seconds. Counting every line a broad filter matches costs far
/// more than fetching a page of 20, and a user paging through one filter asks for the same total again and
/// again. The owner clears the cache on every write to the list; another instance's writes show within `ttl`.
pub struct CountCache {
    ttl: Duration,
    entries: Mutex<HashMap<String, (Instant, i64)>>,
}

/// Entries kept at most; beyond it the cache starts afresh (a bound on memory, not an eviction policy).
const COUNT_CACHE_ENTRIES: usize = 10_000;

impl CountCache {
    pub fn new(ttl: Duration) -> CountCache {
        CountCache { ttl, entries: Mutex::new(HashMap::new()) }
    }

    pub fn get(&self, key: &str) -> Option<i64> {
        let entries = self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        entries.get(key).filter(|(at, _)| at.elapsed() < self.ttl).map(|(_, total)| *total)
    }

    pub fn put(&self, key: String, total: i64) {
        let mut entries = self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if entries.len() >= COUNT_CACHE_ENTRIES {
            entries.clear();
        }
        entries.insert(key, (Instant::now(), total));
    }

    pub fn clear(&self) {
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clear();
    }
}

/// `%text%` with LIKE's wildcards escaped (use with `ESCAPE '\'`); '' for an empty filter.
pub fn contains_pattern(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let escaped: String =
        text.chars().flat_map(|c| if matches!(c, '%' | '_' | '\\') { vec!['\\', c] } else { vec![c] }).collect();
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
    fn counts_are_kept_until_cleared_or_stale() {
        let cache = CountCache::new(Duration::from_secs(60));
        assert_eq!(cache.get("a"), None);
        cache.put("a".into(), 7);
        assert_eq!(cache.get("a"), Some(7));
        cache.clear();
        assert_eq!(cache.get("a"), None);
        let stale = CountCache::new(Duration::ZERO);
        stale.put("a".into(), 7);
        assert_eq!(stale.get("a"), None);
    }

    #[test]
    fn patterns_escape_wildcards() {
        assert_eq!(contains_pattern(""), "");
        assert_eq!(contains_pattern("a%b_c\\"), "%a\\%b\\_c\\\\%");
    }
}
