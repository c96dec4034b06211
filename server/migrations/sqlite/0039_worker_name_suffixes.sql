-- The roster's name search (issue 17) from an index of the names' characters: every suffix of every worker's
-- name (lower-cased, so Latin names match in any case), so that "name contains q" is a range of this index,
-- the suffixes that start with q, whose cost follows the matches and not the number of workers. Kept from
-- workers.name by triggers, so every path that writes a name (registration, import, corrections, the demo,
-- seeds by SQL) keeps it exact.
CREATE TABLE worker_name_suffixes (
    suffix TEXT NOT NULL,
    worker_id BIGINT NOT NULL,
    PRIMARY KEY (suffix, worker_id)
) WITHOUT ROWID;
CREATE INDEX worker_name_suffixes_by_worker ON worker_name_suffixes (worker_id);

-- The character positions 1..64 of a name (names are at most 50 characters, spec §5): SQLite allows no
-- recursive query inside a trigger, so the triggers join this instead.
CREATE TABLE name_positions (n INTEGER PRIMARY KEY);
INSERT INTO name_positions (n)
WITH RECURSIVE p(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM p WHERE n < 64) SELECT n FROM p;

INSERT INTO worker_name_suffixes (suffix, worker_id)
SELECT lower(substr(w.name, p.n)), w.id FROM workers w JOIN name_positions p ON p.n <= length(w.name);

CREATE TRIGGER worker_name_suffixes_insert AFTER INSERT ON workers
BEGIN
    INSERT INTO worker_name_suffixes (suffix, worker_id)
    SELECT lower(substr(NEW.name, n)), NEW.id FROM name_positions WHERE n <= length(NEW.name);
END;

CREATE TRIGGER worker_name_suffixes_update AFTER UPDATE OF name ON workers WHEN OLD.name IS NOT NEW.name
BEGIN
    DELETE FROM worker_name_suffixes WHERE worker_id = OLD.id;
    INSERT INTO worker_name_suffixes (suffix, worker_id)
    SELECT lower(substr(NEW.name, n)), NEW.id FROM name_positions WHERE n <= length(NEW.name);
END;

CREATE TRIGGER worker_name_suffixes_delete AFTER DELETE ON workers
BEGIN
    DELETE FROM worker_name_suffixes WHERE worker_id = OLD.id;
END;
