-- Handle search (searchFarcasterFids) walks the profiles in the answer's
-- order, live followers descending then fid, until enough of them have a live
-- username or fname starting with the prefix. Each step checked the profile's
-- names with two key probes into fc_user_data and fc_fname, two random reads
-- per step of a walk that a short prefix makes long
-- (docs/performance.md#request-path). Each profile's search names (its live
-- username and fnames, lower case) are now kept on its counters row and
-- carried by the walk's index, so a step reads the next index entry and no
-- other page.
--
-- Kept by statement triggers in the writer's own transaction: a statement on
-- fc_user_data (usernames) or fc_fname sets the names of the fids it touched;
-- rows of fc_profile_counts inserted without names (the live sync's counters,
-- the first time a fid is counted) get them after the insert. The refresh's
-- rebuild of the counters writes them itself.

-- AlterTable
ALTER TABLE "fc_profile_counts" ADD COLUMN "search_names" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- The names of these fids' counters rows (fids without one are skipped before
-- any name is read: an import writes names long before the counters exist), as
-- the base tables hold them now (type 6: the username); rows already right are not written.
CREATE FUNCTION fc_profile_counts_set_names(fids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE fc_profile_counts c SET search_names = x.names
  FROM (
    SELECT r.fid, coalesce((
      SELECT array_agg(DISTINCT n.name ORDER BY n.name) FROM (
        SELECT lower(d.value) AS name FROM fc_user_data d WHERE d.fid = r.fid AND d.type = 6 AND d.deleted_at IS NULL
        UNION ALL
        SELECT lower(m.fname) FROM fc_fname m WHERE m.fid = r.fid AND m.deleted_at IS NULL) n), ARRAY[]::text[]) AS names
    FROM fc_profile_counts r WHERE r.fid = ANY(fids)) x
  WHERE c.fid = x.fid AND c.search_names IS DISTINCT FROM x.names;
$$;

CREATE FUNCTION search_names_after_fc_user_data() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE fids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT fid) INTO fids FROM new_rows WHERE type = 6;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT fid) INTO fids FROM old_rows WHERE type = 6;
  ELSE
    SELECT array_agg(DISTINCT fid) INTO fids FROM (
      SELECT fid FROM new_rows WHERE type = 6 UNION ALL SELECT fid FROM old_rows WHERE type = 6) r;
  END IF;
  IF fids IS NOT NULL THEN PERFORM fc_profile_counts_set_names(fids); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION search_names_after_fc_fname() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE fids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT fid) INTO fids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT fid) INTO fids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT fid) INTO fids FROM (SELECT fid FROM new_rows UNION ALL SELECT fid FROM old_rows) r;
  END IF;
  IF fids IS NOT NULL THEN PERFORM fc_profile_counts_set_names(fids); END IF;
  RETURN NULL;
END $$;

-- Rows inserted with no names: the refresh's rebuild writes the names it finds, so only fids with none are looked up again.
CREATE FUNCTION search_names_after_fc_profile_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE fids integer[];
BEGIN
  SELECT array_agg(fid) INTO fids FROM new_rows WHERE coalesce(cardinality(search_names), 0) = 0;
  IF fids IS NOT NULL THEN PERFORM fc_profile_counts_set_names(fids); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER search_names_fc_user_data_insert AFTER INSERT ON fc_user_data
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_names_after_fc_user_data();
CREATE TRIGGER search_names_fc_user_data_update AFTER UPDATE ON fc_user_data
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_names_after_fc_user_data();
CREATE TRIGGER search_names_fc_user_data_delete AFTER DELETE ON fc_user_data
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_names_after_fc_user_data();

CREATE TRIGGER search_names_fc_fname_insert AFTER INSERT ON fc_fname
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_names_after_fc_fname();
CREATE TRIGGER search_names_fc_fname_update AFTER UPDATE ON fc_fname
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_names_after_fc_fname();
CREATE TRIGGER search_names_fc_fname_delete AFTER DELETE ON fc_fname
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_names_after_fc_fname();

CREATE TRIGGER search_names_fc_profile_counts_insert AFTER INSERT ON fc_profile_counts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_names_after_fc_profile_counts();

-- The names of the rows there are now.
SELECT fc_profile_counts_set_names(array(SELECT fid FROM fc_profile_counts));

-- The walk's index carries the names.
DROP INDEX "fc_profile_counts_followers_idx";
CREATE INDEX "fc_profile_counts_followers_idx" ON "fc_profile_counts" ("followers" DESC, "fid") INCLUDE ("search_names");

-- Emptying a base table leaves the names the other one gives.
CREATE FUNCTION search_names_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fc_profile_counts_set_names(array(SELECT fid FROM fc_profile_counts WHERE cardinality(search_names) > 0));
  RETURN NULL;
END $$;

CREATE TRIGGER search_names_fc_user_data_truncate AFTER TRUNCATE ON fc_user_data
  FOR EACH STATEMENT EXECUTE FUNCTION search_names_after_truncate();
CREATE TRIGGER search_names_fc_fname_truncate AFTER TRUNCATE ON fc_fname
  FOR EACH STATEMENT EXECUTE FUNCTION search_names_after_truncate();
