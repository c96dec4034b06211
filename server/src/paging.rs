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

/// Totals of recent list filters. Counting every line a broad filter matches costs far more than fetching
/// a page of 20, and a user paging through one filter asks for the same total again and again. A total is
/// fresh for `ttl`; for `STALE_FOR` after that it is still answered while one caller counts it again in the
/// background, so no request waits for a recount of a million lines. The owner clears the cache on every
/// write to the list; another instance's writes show within `ttl` plus one recount.
pub struct CountCache {
    ttl: Duration,
    state: Mutex<CountState>,
}

struct CountState {
    /// Moved on by every `clear`: a count begun before a write must not be kept after it.
    generation: u64,
    entries: HashMap<String, CountEntry>,
}

struct CountEntry {
    counted_at: Instant,
    total: i64,
    /// When a caller was handed the recount of this stale entry (another is handed it after `ttl`, in case
    /// that count failed).
    recount_since: Option<Instant>,
}

/// What the cache holds for a filter.
#[derive(Debug, PartialEq, Eq)]
pub enum Cached {
    Fresh(i64),
    /// Answer `total`; with a ticket, this caller counts again and `put`s the result with it.
    Stale {
        total: i64,
        recount: Option<CountTicket>,
    },
    /// Count now and `put` the result with the ticket.
    Missing(CountTicket),
}

/// The cache's generation when a count began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountTicket(u64);

/// Entries kept at most; beyond it the cache starts afresh (a bound on memory, not an eviction policy).
const COUNT_CACHE_ENTRIES: usize = 10_000;

/// How long past `ttl` a total is answered while it is counted again.
const STALE_FOR: Duration = Duration::from_secs(60);

impl CountCache {
    pub fn new(ttl: Duration) -> CountCache {
        CountCache { ttl, state: Mutex::new(CountState { generation: 0, entries: HashMap::new() }) }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, CountState> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn get(&self, key: &str) -> Cached {
        let mut state = self.state();
        let ticket = CountTicket(state.generation);
        let Some(entry) = state.entries.get_mut(key) else { return Cached::Missing(ticket) };
        let age = entry.counted_at.elapsed();
        if age < self.ttl {
            return Cached::Fresh(entry.total);
        }
        if age >= self.ttl + STALE_FOR {
            return Cached::Missing(ticket);
        }
        let recount = match entry.recount_since {
            Some(since) if since.elapsed() < self.ttl => None,
            _ => {
                entry.recount_since = Some(Instant::now());
                Some(ticket)
            }
        };
        Cached::Stale { total: entry.total, recount }
    }

    /// Keeps a total counted under `ticket`, unless the list was written since.
    pub fn put(&self, key: String, total: i64, ticket: CountTicket) {
        let mut state = self.state();
        if state.generation != ticket.0 {
            return;
        }
        if state.entries.len() >= COUNT_CACHE_ENTRIES {
            state.entries.clear();
        }
        state.entries.insert(key, CountEntry { counted_at: Instant::now(), total, recount_since: None });
    }

    pub fn clear(&self) {
        let mut state = self.state();
        state.generation += 1;
        state.entries.clear();
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
    fn counts_are_kept_until_cleared() {
        let cache = CountCache::new(Duration::from_secs(60));
        let Cached::Missing(ticket) = cache.get("a") else { panic!("an empty cache holds nothing") };
        cache.put("a".into(), 7, ticket);
        assert_eq!(cache.get("a"), Cached::Fresh(7));
        cache.clear();
        assert!(matches!(cache.get("a"), Cached::Missing(_)));
    }

    #[test]
    fn a_count_begun_before_a_write_is_not_kept() {
        let cache = CountCache::new(Duration::from_secs(60));
        let Cached::Missing(ticket) = cache.get("a") else { panic!("an empty cache holds nothing") };
        cache.clear();
        cache.put("a".into(), 7, ticket);
        assert!(matches!(cache.get("a"), Cached::Missing(_)));
    }

    #[test]
    fn a_stale_total_is_answered_while_one_caller_recounts_it() {
        let cache = CountCache::new(Duration::from_millis(50));
        let Cached::Missing(ticket) = cache.get("b") else { panic!("an empty cache holds nothing") };
        cache.put("b".into(), 3, ticket);
        std::thread::sleep(Duration::from_millis(60));
        assert!(matches!(cache.get("b"), Cached::Stale { total: 3, recount: Some(_) }));
        assert_eq!(cache.get("b"), Cached::Stale { total: 3, recount: None });
    }

    #[test]
    fn a_recount_replaces_the_stale_total() {
        let cache = CountCache::new(Duration::ZERO);
        let Cached::Missing(ticket) = cache.get("a") else { panic!("an empty cache holds nothing") };
        cache.put("a".into(), 7, ticket);
        let Cached::Stale { total: 7, recount: Some(ticket) } = cache.get("a") else { panic!("stale, to recount") };
        cache.put("a".into(), 8, ticket);
        assert!(matches!(cache.get("a"), Cached::Stale { total: 8, .. }));
    }

    #[test]
    fn patterns_escape_wildcards() {
        assert_eq!(contains_pattern(""), "");
        assert_eq!(contains_pattern("a%b_c\\"), "%a\\%b\\_c\\\\%");
    }
}
