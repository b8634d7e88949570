-- Per profile, its live followers that are matched across protocols, counted
-- in matched pairs (a follower matched to two profiles counts twice, as the
-- audience overlap counts pairs):
--   fc_matched_followers.n(F)   = live links G → F (G ≠ F) × pairs (G, ·) in cross_match
--   lens_matched_followers.n(P) = live follows L → P (L ≠ P) × pairs (·, L) in cross_match
-- No row is 0. The overlap's one-side counts (lensOnly, farcasterOnly, union)
-- read them by key instead of reading every follower of the person, which for
-- a person followed by hundreds of thousands is a read of all of them per
-- request (docs/performance.md#request-path).
--
-- Statement triggers keep them in the writer's own transaction, on each side
-- of the product: a statement that changes fc_link or lens_follow adds what its
-- rows' followers are matched to; one that changes cross_match adds what the
-- pairs' fids and profiles follow. Two writers racing on the two sides (a link
-- from the live sync and a new pair from a Lens import, neither seeing the
-- other's uncommitted row) can miss a product; an import marks the counts for
-- a recount, which the next analytics refresh does.

-- CreateTable
CREATE TABLE "fc_matched_followers" (
    "fid" INTEGER NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "fc_matched_followers_pkey" PRIMARY KEY ("fid")
);

-- CreateTable
CREATE TABLE "lens_matched_followers" (
    "profile_id" TEXT NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "lens_matched_followers_pkey" PRIMARY KEY ("profile_id")
);

-- Adds deltas (summed per key; a zero sum writes nothing) and drops the rows that fall to 0.
CREATE FUNCTION fc_matched_followers_add(fids integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(fids) = 0 THEN RETURN; END IF;
  INSERT INTO fc_matched_followers AS t (fid, n)
    SELECT d.fid, sum(d.n) FROM unnest(fids, deltas) AS d(fid, n) GROUP BY d.fid HAVING sum(d.n) <> 0
    ON CONFLICT (fid) DO UPDATE SET n = t.n + EXCLUDED.n;
  DELETE FROM fc_matched_followers WHERE fid = ANY(fids) AND n = 0;
END $$;

CREATE FUNCTION lens_matched_followers_add(ids text[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  INSERT INTO lens_matched_followers AS t (profile_id, n)
    SELECT d.profile_id, sum(d.n) FROM unnest(ids, deltas) AS d(profile_id, n) GROUP BY d.profile_id HAVING sum(d.n) <> 0
    ON CONFLICT (profile_id) DO UPDATE SET n = t.n + EXCLUDED.n;
  DELETE FROM lens_matched_followers WHERE profile_id = ANY(ids) AND n = 0;
END $$;

-- A statement on fc_link: + the new live rows' products, − the old live rows'
-- (an upsert that only rewrites a timestamp adds and takes away the same).
CREATE FUNCTION matched_followers_after_fc_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[]; ds integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.target_fid), array_agg(r.n) INTO ids, ds FROM (
      SELECT k.target_fid, count(*)::int AS n FROM new_rows k JOIN cross_match m ON m.fid = k.fid
      WHERE k.deleted_at IS NULL AND k.fid <> k.target_fid GROUP BY 1) r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.target_fid), array_agg(r.n) INTO ids, ds FROM (
      SELECT k.target_fid, -count(*)::int AS n FROM old_rows k JOIN cross_match m ON m.fid = k.fid
      WHERE k.deleted_at IS NULL AND k.fid <> k.target_fid GROUP BY 1) r;
  ELSE
    SELECT array_agg(r.target_fid), array_agg(r.n) INTO ids, ds FROM (
      SELECT x.target_fid, sum(x.s)::int AS n FROM (
        SELECT k.fid, k.target_fid, 1 AS s FROM new_rows k WHERE k.deleted_at IS NULL AND k.fid <> k.target_fid
        UNION ALL
        SELECT k.fid, k.target_fid, -1 FROM old_rows k WHERE k.deleted_at IS NULL AND k.fid <> k.target_fid) x
      JOIN cross_match m ON m.fid = x.fid GROUP BY 1 HAVING sum(x.s) <> 0) r;
  END IF;
  PERFORM fc_matched_followers_add(coalesce(ids, '{}'), coalesce(ds, '{}'));
  RETURN NULL;
END $$;

CREATE FUNCTION matched_followers_after_lens_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text[]; ds integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.profile_id), array_agg(r.n) INTO ids, ds FROM (
      SELECT f.profile_id, count(*)::int AS n FROM new_rows f JOIN cross_match m ON m.profile_id = f.follower_profile_id
      WHERE f.deleted_at IS NULL AND f.follower_profile_id <> f.profile_id GROUP BY 1) r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.profile_id), array_agg(r.n) INTO ids, ds FROM (
      SELECT f.profile_id, -count(*)::int AS n FROM old_rows f JOIN cross_match m ON m.profile_id = f.follower_profile_id
      WHERE f.deleted_at IS NULL AND f.follower_profile_id <> f.profile_id GROUP BY 1) r;
  ELSE
    SELECT array_agg(r.profile_id), array_agg(r.n) INTO ids, ds FROM (
      SELECT x.profile_id, sum(x.s)::int AS n FROM (
        SELECT f.follower_profile_id, f.profile_id, 1 AS s FROM new_rows f WHERE f.deleted_at IS NULL AND f.follower_profile_id <> f.profile_id
        UNION ALL
        SELECT f.follower_profile_id, f.profile_id, -1 FROM old_rows f WHERE f.deleted_at IS NULL AND f.follower_profile_id <> f.profile_id) x
      JOIN cross_match m ON m.profile_id = x.follower_profile_id GROUP BY 1 HAVING sum(x.s) <> 0) r;
  END IF;
  PERFORM lens_matched_followers_add(coalesce(ids, '{}'), coalesce(ds, '{}'));
  RETURN NULL;
END $$;

-- A statement on cross_match: each pair (G, L) gained (+1) or lost (−1) adds to
-- every profile G follows on Farcaster and every profile L follows on Lens.
CREATE FUNCTION matched_followers_pairs(pair_fids integer[], pair_profiles text[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE fids integer[]; profiles text[]; fds integer[]; lds integer[];
BEGIN
  IF cardinality(pair_fids) = 0 THEN RETURN; END IF;
  SELECT array_agg(r.target_fid), array_agg(r.n) INTO fids, fds FROM (
    SELECT k.target_fid, sign * count(*)::int AS n FROM unnest(pair_fids) AS p(fid) JOIN fc_link k ON k.fid = p.fid
    WHERE k.deleted_at IS NULL AND k.fid <> k.target_fid GROUP BY 1) r;
  SELECT array_agg(r.profile_id), array_agg(r.n) INTO profiles, lds FROM (
    SELECT f.profile_id, sign * count(*)::int AS n FROM unnest(pair_profiles) AS p(profile_id) JOIN lens_follow f ON f.follower_profile_id = p.profile_id
    WHERE f.deleted_at IS NULL AND f.follower_profile_id <> f.profile_id GROUP BY 1) r;
  PERFORM fc_matched_followers_add(coalesce(fids, '{}'), coalesce(fds, '{}'));
  PERFORM lens_matched_followers_add(coalesce(profiles, '{}'), coalesce(lds, '{}'));
END $$;

CREATE FUNCTION matched_followers_after_cross_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM matched_followers_pairs(ARRAY(SELECT fid FROM old_rows), ARRAY(SELECT profile_id FROM old_rows), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM matched_followers_pairs(ARRAY(SELECT fid FROM new_rows), ARRAY(SELECT profile_id FROM new_rows), 1);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION matched_followers_truncate_fc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM fc_matched_followers;
  RETURN NULL;
END $$;

CREATE FUNCTION matched_followers_truncate_lens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lens_matched_followers;
  RETURN NULL;
END $$;

CREATE FUNCTION matched_followers_truncate_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM fc_matched_followers;
  DELETE FROM lens_matched_followers;
  RETURN NULL;
END $$;

CREATE TRIGGER matched_followers_fc_link_insert AFTER INSERT ON fc_link
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_after_fc_link();
CREATE TRIGGER matched_followers_fc_link_update AFTER UPDATE ON fc_link
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_after_fc_link();
CREATE TRIGGER matched_followers_fc_link_delete AFTER DELETE ON fc_link
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_after_fc_link();
CREATE TRIGGER matched_followers_fc_link_truncate AFTER TRUNCATE ON fc_link
  FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_truncate_fc();

CREATE TRIGGER matched_followers_lens_follow_insert AFTER INSERT ON lens_follow
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_after_lens_follow();
CREATE TRIGGER matched_followers_lens_follow_update AFTER UPDATE ON lens_follow
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_after_lens_follow();
CREATE TRIGGER matched_followers_lens_follow_delete AFTER DELETE ON lens_follow
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_after_lens_follow();
CREATE TRIGGER matched_followers_lens_follow_truncate AFTER TRUNCATE ON lens_follow
  FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_truncate_lens();

CREATE TRIGGER matched_followers_cross_match_insert AFTER INSERT ON cross_match
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_after_cross_match();
CREATE TRIGGER matched_followers_cross_match_update AFTER UPDATE ON cross_match
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_after_cross_match();
CREATE TRIGGER matched_followers_cross_match_delete AFTER DELETE ON cross_match
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_after_cross_match();
CREATE TRIGGER matched_followers_cross_match_truncate AFTER TRUNCATE ON cross_match
  FOR EACH STATEMENT EXECUTE FUNCTION matched_followers_truncate_all();

-- The pairs of these fids or profiles are now changed by difference, not
-- deleted and inserted again: a verification rewritten with the same match
-- would otherwise take every product of the fid away and add it back.
CREATE OR REPLACE FUNCTION cross_match_set_fids(fids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(fids) = 0 THEN RETURN; END IF;
  DELETE FROM cross_match m WHERE m.fid = ANY(fids) AND NOT EXISTS (
    SELECT 1 FROM fc_verification v JOIN lens_profile p ON p.owned_by = lower(v.address)
    WHERE v.fid = m.fid AND p.profile_id = m.profile_id AND v.deleted_at IS NULL AND v.protocol = 'ethereum');
  INSERT INTO cross_match (fid, profile_id)
    SELECT DISTINCT v.fid, p.profile_id FROM fc_verification v JOIN lens_profile p ON p.owned_by = lower(v.address)
    WHERE v.fid = ANY(fids) AND v.deleted_at IS NULL AND v.protocol = 'ethereum'
    ON CONFLICT DO NOTHING;
END $$;

CREATE OR REPLACE FUNCTION cross_match_set_profiles(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM cross_match m WHERE m.profile_id = ANY(ids) AND NOT EXISTS (
    SELECT 1 FROM lens_profile p JOIN fc_verification v ON v.address = p.owned_by
    WHERE p.profile_id = m.profile_id AND v.fid = m.fid AND v.deleted_at IS NULL AND v.protocol = 'ethereum');
  INSERT INTO cross_match (fid, profile_id)
    SELECT DISTINCT v.fid, p.profile_id FROM lens_profile p JOIN fc_verification v ON v.address = p.owned_by
    WHERE p.profile_id = ANY(ids) AND v.deleted_at IS NULL AND v.protocol = 'ethereum'
    ON CONFLICT DO NOTHING;
END $$;

-- The counts of the data already there.
INSERT INTO fc_matched_followers (fid, n)
  SELECT k.target_fid, count(*)::int FROM fc_link k JOIN cross_match m ON m.fid = k.fid
  WHERE k.deleted_at IS NULL AND k.fid <> k.target_fid GROUP BY 1;
INSERT INTO lens_matched_followers (profile_id, n)
  SELECT f.profile_id, count(*)::int FROM lens_follow f JOIN cross_match m ON m.profile_id = f.follower_profile_id
  WHERE f.deleted_at IS NULL AND f.follower_profile_id <> f.profile_id GROUP BY 1;
