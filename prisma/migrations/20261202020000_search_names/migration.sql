-- User search (src/repositories/user-search.repository.ts) matches a query
-- against every name an account is found by: on Farcaster its live username,
-- fnames and display name, on Lens its handle and display name. Usernames and
-- fnames ending in `.eth` are ENS names, those ending in `.base.eth` basenames;
-- `field` says which kind a name is, so an answer can say what matched. Names
-- are lower case and carry a trigram index (pg_trgm), which answers exact,
-- prefix, substring and typo-tolerant (similarity) matches from one index.
--
-- Kept by statement triggers in the writer's own transaction, as the handle
-- search's names are: a statement on a source table rewrites the names of the
-- accounts it touched, so a username the live sync changes is searchable once
-- its transaction commits. The tables are new, so their indexes are built here.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "fc_search_name" (
    "fid" INTEGER NOT NULL,
    "field" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "fc_search_name_pkey" PRIMARY KEY ("fid","field","name")
);

-- CreateTable
CREATE TABLE "lens_search_name" (
    "profile_id" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "lens_search_name_pkey" PRIMARY KEY ("profile_id","field","name")
);

-- The names of these fids as the base tables hold them now (type 6: the username, 2: the display name).
CREATE FUNCTION fc_search_name_set(fids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM fc_search_name WHERE fid = ANY(fids);
  INSERT INTO fc_search_name (fid, field, name)
  SELECT fid, CASE WHEN kind = 'display_name' THEN kind WHEN name LIKE '%.base.eth' THEN 'basename' WHEN name LIKE '%.eth' THEN 'ens' ELSE kind END, name
  FROM (
    SELECT d.fid, CASE d.type WHEN 6 THEN 'username' ELSE 'display_name' END AS kind, lower(btrim(d.value)) AS name
    FROM fc_user_data d WHERE d.fid = ANY(fids) AND d.type IN (2, 6) AND d.deleted_at IS NULL
    UNION
    SELECT f.fid, 'fname', lower(btrim(f.fname)) FROM fc_fname f WHERE f.fid = ANY(fids) AND f.deleted_at IS NULL) n
  WHERE name <> ''
  ON CONFLICT DO NOTHING;
$$;

-- The names of these Lens profiles: the handle lens_handle holds and the metadata's display name.
CREATE FUNCTION lens_search_name_set(ids text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM lens_search_name WHERE profile_id = ANY(ids);
  INSERT INTO lens_search_name (profile_id, field, name)
  SELECT profile_id, field, name FROM (
    SELECT h.profile_id, 'handle' AS field, lower(btrim(h.local_name)) AS name FROM lens_handle h WHERE h.profile_id = ANY(ids)
    UNION
    SELECT m.profile_id, 'display_name', lower(btrim(m.name)) FROM lens_profile_metadata m WHERE m.profile_id = ANY(ids) AND m.name IS NOT NULL) n
  WHERE name <> ''
  ON CONFLICT DO NOTHING;
$$;

CREATE FUNCTION fc_search_name_after_user_data() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE fids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT fid) INTO fids FROM new_rows WHERE type IN (2, 6);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT fid) INTO fids FROM old_rows WHERE type IN (2, 6);
  ELSE
    SELECT array_agg(DISTINCT fid) INTO fids FROM (
      SELECT fid FROM new_rows WHERE type IN (2, 6) UNION ALL SELECT fid FROM old_rows WHERE type IN (2, 6)) r;
  END IF;
  IF fids IS NOT NULL THEN PERFORM fc_search_name_set(fids); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION fc_search_name_after_fname() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE fids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT fid) INTO fids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT fid) INTO fids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT fid) INTO fids FROM (SELECT fid FROM new_rows UNION ALL SELECT fid FROM old_rows) r;
  END IF;
  IF fids IS NOT NULL THEN PERFORM fc_search_name_set(fids); END IF;
  RETURN NULL;
END $$;

-- lens_handle and lens_profile_metadata are both keyed by profile_id.
CREATE FUNCTION lens_search_name_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT profile_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT profile_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT profile_id) INTO ids FROM (SELECT profile_id FROM new_rows UNION ALL SELECT profile_id FROM old_rows) r;
  END IF;
  IF ids IS NOT NULL THEN PERFORM lens_search_name_set(ids); END IF;
  RETURN NULL;
END $$;

-- Emptying a source table: every name is read again from what is left.
CREATE FUNCTION fc_search_name_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fc_search_name_set(array(SELECT DISTINCT fid FROM fc_search_name));
  RETURN NULL;
END $$;

CREATE FUNCTION lens_search_name_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lens_search_name_set(array(SELECT DISTINCT profile_id FROM lens_search_name));
  RETURN NULL;
END $$;

CREATE TRIGGER fc_search_name_user_data_insert AFTER INSERT ON fc_user_data
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fc_search_name_after_user_data();
CREATE TRIGGER fc_search_name_user_data_update AFTER UPDATE ON fc_user_data
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fc_search_name_after_user_data();
CREATE TRIGGER fc_search_name_user_data_delete AFTER DELETE ON fc_user_data
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fc_search_name_after_user_data();
CREATE TRIGGER fc_search_name_user_data_truncate AFTER TRUNCATE ON fc_user_data
  FOR EACH STATEMENT EXECUTE FUNCTION fc_search_name_after_truncate();

CREATE TRIGGER fc_search_name_fname_insert AFTER INSERT ON fc_fname
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fc_search_name_after_fname();
CREATE TRIGGER fc_search_name_fname_update AFTER UPDATE ON fc_fname
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fc_search_name_after_fname();
CREATE TRIGGER fc_search_name_fname_delete AFTER DELETE ON fc_fname
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fc_search_name_after_fname();
CREATE TRIGGER fc_search_name_fname_truncate AFTER TRUNCATE ON fc_fname
  FOR EACH STATEMENT EXECUTE FUNCTION fc_search_name_after_truncate();

CREATE TRIGGER lens_search_name_handle_insert AFTER INSERT ON lens_handle
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lens_search_name_after_write();
CREATE TRIGGER lens_search_name_handle_update AFTER UPDATE ON lens_handle
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lens_search_name_after_write();
CREATE TRIGGER lens_search_name_handle_delete AFTER DELETE ON lens_handle
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lens_search_name_after_write();
CREATE TRIGGER lens_search_name_handle_truncate AFTER TRUNCATE ON lens_handle
  FOR EACH STATEMENT EXECUTE FUNCTION lens_search_name_after_truncate();

CREATE TRIGGER lens_search_name_metadata_insert AFTER INSERT ON lens_profile_metadata
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lens_search_name_after_write();
CREATE TRIGGER lens_search_name_metadata_update AFTER UPDATE ON lens_profile_metadata
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lens_search_name_after_write();
CREATE TRIGGER lens_search_name_metadata_delete AFTER DELETE ON lens_profile_metadata
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lens_search_name_after_write();
CREATE TRIGGER lens_search_name_metadata_truncate AFTER TRUNCATE ON lens_profile_metadata
  FOR EACH STATEMENT EXECUTE FUNCTION lens_search_name_after_truncate();

-- The names of the accounts there are now.
SELECT fc_search_name_set(array(SELECT fid FROM fc_user_data WHERE type IN (2, 6) UNION SELECT fid FROM fc_fname));
SELECT lens_search_name_set(array(SELECT profile_id FROM lens_handle UNION SELECT profile_id FROM lens_profile_metadata));

-- CreateIndex
CREATE INDEX "fc_search_name_trgm_idx" ON "fc_search_name" USING gin ("name" gin_trgm_ops);
CREATE INDEX "lens_search_name_trgm_idx" ON "lens_search_name" USING gin ("name" gin_trgm_ops);
