-- The roster's name search (issue 17) from an index of the names' characters: every suffix of every worker's
-- name (lower-cased, so Latin names match in any case), so that "name contains q" is a range of this index,
-- the suffixes that start with q, whose cost follows the matches and not the number of workers. Byte order
-- (COLLATE "C") makes the suffixes that start with q one range. Kept from workers.name by statement triggers,
-- so every path that writes a name (registration, import, corrections, the demo, seeds by SQL) keeps it exact.
CREATE TABLE worker_name_suffixes (
    suffix TEXT COLLATE "C" NOT NULL,
    worker_id BIGINT NOT NULL,
    PRIMARY KEY (suffix, worker_id)
);
CREATE INDEX worker_name_suffixes_by_worker ON worker_name_suffixes (worker_id);

INSERT INTO worker_name_suffixes (suffix, worker_id)
SELECT lower(substr(w.name, n)), w.id FROM workers w, generate_series(1, char_length(w.name)) AS n;

-- One function for the three triggers: the names a statement took away lose their suffixes, the names it
-- brought gain theirs; an update that left the name alone moves nothing.
CREATE FUNCTION worker_name_suffixes_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM worker_name_suffixes s USING old_workers o WHERE s.worker_id = o.id;
    ELSIF TG_OP = 'UPDATE' THEN
        DELETE FROM worker_name_suffixes s USING old_workers o
        WHERE s.worker_id = o.id AND NOT EXISTS (SELECT 1 FROM new_workers n WHERE n.id = o.id AND n.name = o.name);
        INSERT INTO worker_name_suffixes (suffix, worker_id)
        SELECT lower(substr(w.name, n)), w.id FROM new_workers w, generate_series(1, char_length(w.name)) AS n
        WHERE NOT EXISTS (SELECT 1 FROM old_workers o WHERE o.id = w.id AND o.name = w.name);
    ELSE
        INSERT INTO worker_name_suffixes (suffix, worker_id)
        SELECT lower(substr(w.name, n)), w.id FROM new_workers w, generate_series(1, char_length(w.name)) AS n;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER worker_name_suffixes_insert AFTER INSERT ON workers
REFERENCING NEW TABLE AS new_workers FOR EACH STATEMENT EXECUTE FUNCTION worker_name_suffixes_keep();
CREATE TRIGGER worker_name_suffixes_update AFTER UPDATE ON workers
REFERENCING OLD TABLE AS old_workers NEW TABLE AS new_workers FOR EACH STATEMENT EXECUTE FUNCTION worker_name_suffixes_keep();
CREATE TRIGGER worker_name_suffixes_delete AFTER DELETE ON workers
REFERENCING OLD TABLE AS old_workers FOR EACH STATEMENT EXECUTE FUNCTION worker_name_suffixes_keep();
