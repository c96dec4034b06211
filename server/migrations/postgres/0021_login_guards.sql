-- Issue 12 findings 1, 4 and 5: failed passwords are counted per login name, whether an account has it or not,
-- so that a wrong password on a real account and any password on an unknown name answer alike. An attempt is
-- taken in one statement before the password is checked, so however many arrive at once at most
-- max_failed_logins are checked per lock window. The counters move here from accounts, carrying any lock over.
CREATE TABLE login_guards (
    username TEXT PRIMARY KEY,
    -- Attempts taken in the current window; the one that reaches max_failed_logins sets locked_until.
    attempts BIGINT NOT NULL,
    locked_until BIGINT NOT NULL,
    -- Counts of names left alone for a day are forgotten by the hourly housekeeping.
    last_attempt_at BIGINT NOT NULL
);

INSERT INTO login_guards (username, attempts, locked_until, last_attempt_at)
SELECT username, failed_logins, locked_until, locked_until FROM accounts WHERE failed_logins > 0 OR locked_until > 0;

ALTER TABLE accounts DROP COLUMN failed_logins;
ALTER TABLE accounts DROP COLUMN locked_until;
