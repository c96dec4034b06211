-- Shifts, not calendar days (issue 11 item 3). A punch belongs to the shift it falls in: a shift starts at a
-- counted punch outside any open shift and takes the punches less than max_shift_minutes after its start, so
-- it may cross midnight. attendance_days.day is the China-time day the shift began; its minutes are the
-- minutes inside in→out pairs, and unpaired counts the counted punches in no pair (shown, never hours).

-- How long a shift may run, 60–1440 minutes (1–24 h, whole hours on the rules page); 16 h by default.
ALTER TABLE attendance_rules ADD COLUMN max_shift_minutes BIGINT NOT NULL DEFAULT 960;

-- Counted punches of the day's shifts that are in no in→out pair.
ALTER TABLE attendance_days ADD COLUMN unpaired BIGINT NOT NULL DEFAULT 0;

-- Per punch, kept by the ingest with the days: unix seconds of the first punch of its shift and that day
-- ('YYYY-MM-DD', China time); 0 and '' when the punch does not count (its direction is not counted).
-- shift_start -1: stored before shifts were counted. At its next start the server recounts the open months
-- (the previous and the current one) of every project with such punches, then sets the rest to 0: older
-- months keep the calendar days they were paid on.
ALTER TABLE punches ADD COLUMN shift_start BIGINT NOT NULL DEFAULT 0;
UPDATE punches SET shift_start = -1;
ALTER TABLE punches ADD COLUMN shift_day TEXT NOT NULL DEFAULT '';
-- The punch is one end of an in→out pair, so it adds hours.
ALTER TABLE punches ADD COLUMN paired BOOLEAN NOT NULL DEFAULT FALSE;
