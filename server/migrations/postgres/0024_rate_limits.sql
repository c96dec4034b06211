-- Requests per client address per window on the endpoints anyone can reach (login, SMS codes, captcha, the
-- public site configuration). In the database, not in memory, so that every instance behind a load balancer
-- counts the same requests (DESIGN §2). A row per bucket, client and window; a client's first request in a new
-- window deletes that bucket's older windows.
CREATE TABLE rate_counters (
    bucket TEXT NOT NULL,
    client TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    hits BIGINT NOT NULL,
    PRIMARY KEY (bucket, client, window_start)
);
CREATE INDEX rate_counters_window ON rate_counters (bucket, window_start);
