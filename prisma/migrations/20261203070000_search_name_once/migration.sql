-- An account's name is stored once, under its most identifying field (the order of
-- SEARCH_FIELDS in src/domain/search.ts: username, fname, ens, basename, handle,
-- display_name). A Farcaster username is most often also the account's fname, and a
-- display name often repeats the handle: each copy was one more trigram candidate
-- for every search to read and score, and the answer takes the best field of a
-- name anyway, so dropping the others changes no answer.

CREATE OR REPLACE FUNCTION fc_search_name_set(fids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM fc_search_name WHERE fid = ANY(fids);
  INSERT INTO fc_search_name (fid, field, name)
  SELECT DISTINCT ON (fid, name) fid, field, name FROM (
    SELECT fid, CASE WHEN kind = 'display_name' THEN kind WHEN name LIKE '%.base.eth' THEN 'basename' WHEN name LIKE '%.eth' THEN 'ens' ELSE kind END AS field, name
    FROM (
      SELECT d.fid, CASE d.type WHEN 6 THEN 'username' ELSE 'display_name' END AS kind, lower(btrim(d.value)) AS name
      FROM fc_user_data d WHERE d.fid = ANY(fids) AND d.type IN (2, 6) AND d.deleted_at IS NULL
      UNION
      SELECT f.fid, 'fname', lower(btrim(f.fname)) FROM fc_fname f WHERE f.fid = ANY(fids) AND f.deleted_at IS NULL) n
    WHERE name <> '') k
  ORDER BY fid, name, array_position(ARRAY['username', 'fname', 'ens', 'basename', 'handle', 'display_name'], field);
$$;

CREATE OR REPLACE FUNCTION lens_search_name_set(ids text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM lens_search_name WHERE profile_id = ANY(ids);
  INSERT INTO lens_search_name (profile_id, field, name)
  SELECT DISTINCT ON (profile_id, name) profile_id, field, name FROM (
    SELECT h.profile_id, 'handle' AS field, lower(btrim(h.local_name)) AS name FROM lens_handle h WHERE h.profile_id = ANY(ids)
    UNION
    SELECT m.profile_id, 'display_name', lower(btrim(m.name)) FROM lens_profile_metadata m WHERE m.profile_id = ANY(ids) AND m.name IS NOT NULL) n
  WHERE name <> ''
  ORDER BY profile_id, name, array_position(ARRAY['username', 'fname', 'ens', 'basename', 'handle', 'display_name'], field);
$$;

-- The copies there are now: each name under any field but its best.
DELETE FROM fc_search_name a USING fc_search_name b
WHERE a.fid = b.fid AND a.name = b.name
  AND array_position(ARRAY['username', 'fname', 'ens', 'basename', 'handle', 'display_name'], b.field)
    < array_position(ARRAY['username', 'fname', 'ens', 'basename', 'handle', 'display_name'], a.field);
DELETE FROM lens_search_name a USING lens_search_name b
WHERE a.profile_id = b.profile_id AND a.name = b.name
  AND array_position(ARRAY['username', 'fname', 'ens', 'basename', 'handle', 'display_name'], b.field)
    < array_position(ARRAY['username', 'fname', 'ens', 'basename', 'handle', 'display_name'], a.field);
