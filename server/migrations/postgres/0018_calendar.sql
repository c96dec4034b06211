-- Issue 11: China's working calendar. The special days of the State Council's holiday arrangement; every
-- other day follows the week (domain/calendar.rs). `source` package: seeded at start from the embedded
-- server/data/calendar.tsv (generated from the chinese-days package), inserted only where the day is
-- missing, so the regulator's edits survive upgrades; regulator: added or changed in 节假日设置.
-- `day` is `YYYY-MM-DD`, so text order is date order.
CREATE TABLE calendar_days (
    day TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('statutory', 'off', 'workday')),
    name TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('package', 'regulator')),
    updated_at BIGINT NOT NULL
);

-- How far the package seed has gone: the newest package day inserted. A start seeds only the package days
-- after it, so a day the regulator deleted is not brought back, and a newer package adds its new years.
CREATE TABLE calendar_seed (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    newest TEXT NOT NULL
);
