-- The data screen's ticker: the newest punches, read back from now through this index instead of sorting a
-- day's punches.
CREATE INDEX punches_recent ON punches (punched_at);
