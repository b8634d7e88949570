-- The matched (fid, Lens profile) pairs, kept as a table: a pair matches when
-- the profile's owner is one of the fid's live verified Ethereum addresses
-- (p.owned_by = lower(v.address)). Audience overlap counts read a person's
-- matched followers from it by key instead of joining every verification with
-- every Lens profile per request (a hash of both tables, whose cost grows with
-- them; docs/performance.md#request-path).
--
-- Triggers keep it current in the writer's own transaction: each statement
-- that changes fc_verification or lens_profile recomputes the pairs of the
-- fids or profiles it touched (the transition tables name them). Two writers
-- racing on the two sides of one pair (a Lens import and a verification from
-- the live sync, neither seeing the other's uncommitted row) can miss it; the
-- analytics refresh repairs the table (adds missing pairs, drops stale ones).

-- CreateTable
CREATE TABLE "cross_match" (
    "fid" INTEGER NOT NULL,
    "profile_id" TEXT NOT NULL,

    CONSTRAINT "cross_match_pkey" PRIMARY KEY ("fid", "profile_id")
);

-- CreateIndex
CREATE INDEX "cross_match_profile_id_idx" ON "cross_match"("profile_id");

-- The pairs of these fids, recomputed.
CREATE FUNCTION cross_match_set_fids(fids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(fids) = 0 THEN RETURN; END IF;
  DELETE FROM cross_match WHERE fid = ANY(fids);
  INSERT INTO cross_match (fid, profile_id)
    SELECT DISTINCT v.fid, p.profile_id FROM fc_verification v JOIN lens_profile p ON p.owned_by = lower(v.address)
    WHERE v.fid = ANY(fids) AND v.deleted_at IS NULL AND v.protocol = 'ethereum'
    ON CONFLICT DO NOTHING;
END $$;

-- The pairs of these profiles, recomputed. Found through the address index:
-- every writer stores addresses lowercase (a mixed-case address written by
-- other means is matched by the fid side and by the refresh's repair).
CREATE FUNCTION cross_match_set_profiles(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM cross_match WHERE profile_id = ANY(ids);
  INSERT INTO cross_match (fid, profile_id)
    SELECT DISTINCT v.fid, p.profile_id FROM lens_profile p JOIN fc_verification v ON v.address = p.owned_by
    WHERE p.profile_id = ANY(ids) AND v.deleted_at IS NULL AND v.protocol = 'ethereum'
    ON CONFLICT DO NOTHING;
END $$;

-- Statement triggers: one recomputation per statement, of the keys whose match could have changed.
CREATE FUNCTION cross_match_after_verification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cross_match_set_fids(ARRAY(SELECT DISTINCT fid FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cross_match_set_fids(ARRAY(SELECT DISTINCT fid FROM old_rows));
  ELSE
    -- Only rows whose liveness, protocol or address changed (the sync's upserts mostly rewrite timestamps).
    PERFORM cross_match_set_fids(ARRAY(
      SELECT n.fid FROM new_rows n JOIN old_rows o ON o.fid = n.fid AND o.address = n.address
      WHERE (n.deleted_at IS NULL) IS DISTINCT FROM (o.deleted_at IS NULL) OR n.protocol IS DISTINCT FROM o.protocol
      UNION SELECT n.fid FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.fid = n.fid AND o.address = n.address)
      UNION SELECT o.fid FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.fid = o.fid AND n.address = o.address)));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION cross_match_after_lens_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cross_match_set_profiles(ARRAY(SELECT DISTINCT profile_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cross_match_set_profiles(ARRAY(SELECT DISTINCT profile_id FROM old_rows));
  ELSE
    -- Only profiles whose owner changed (an import rewrites every profile's other columns).
    PERFORM cross_match_set_profiles(ARRAY(
      SELECT n.profile_id FROM new_rows n JOIN old_rows o ON o.profile_id = n.profile_id WHERE n.owned_by IS DISTINCT FROM o.owned_by
      UNION SELECT n.profile_id FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.profile_id = n.profile_id)
      UNION SELECT o.profile_id FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.profile_id = o.profile_id)));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION cross_match_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM cross_match;
  RETURN NULL;
END $$;

CREATE TRIGGER cross_match_verification_insert AFTER INSERT ON fc_verification
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cross_match_after_verification();
CREATE TRIGGER cross_match_verification_update AFTER UPDATE ON fc_verification
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cross_match_after_verification();
CREATE TRIGGER cross_match_verification_delete AFTER DELETE ON fc_verification
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cross_match_after_verification();
CREATE TRIGGER cross_match_verification_truncate AFTER TRUNCATE ON fc_verification
  FOR EACH STATEMENT EXECUTE FUNCTION cross_match_truncate();

CREATE TRIGGER cross_match_lens_profile_insert AFTER INSERT ON lens_profile
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cross_match_after_lens_profile();
CREATE TRIGGER cross_match_lens_profile_update AFTER UPDATE ON lens_profile
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cross_match_after_lens_profile();
CREATE TRIGGER cross_match_lens_profile_delete AFTER DELETE ON lens_profile
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cross_match_after_lens_profile();
CREATE TRIGGER cross_match_lens_profile_truncate AFTER TRUNCATE ON lens_profile
  FOR EACH STATEMENT EXECUTE FUNCTION cross_match_truncate();

-- The pairs of the data already there.
INSERT INTO cross_match (fid, profile_id)
  SELECT DISTINCT v.fid, p.profile_id FROM fc_verification v JOIN lens_profile p ON p.owned_by = lower(v.address)
  WHERE v.deleted_at IS NULL AND v.protocol = 'ethereum';
