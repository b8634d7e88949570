-- Whether a Lens profile published, reacted or followed in the 30 days up to
-- the as-of time (its `active` flag), stored with its counters by the refresh.
-- Read live, it took three index probes per profile into the largest Lens
-- tables, and the engagement lists show it for up to 600 profiles, each probe
-- a disk read when the pages are cold (docs/performance.md#request-path).
-- Filled here for the generation readers use, so an upgraded database answers
-- the same before its next refresh.
ALTER TABLE "lens_profile_stats" ADD COLUMN "active" BOOLEAN NOT NULL DEFAULT false;

WITH state AS (
  SELECT generation, coalesce(analytics_as_of, as_of, now()) AS t FROM protocol_state WHERE protocol = 'lens'),
recent AS (
  SELECT p.profile_id AS id FROM lens_publication p, state WHERE p."timestamp" > state.t - interval '30 days' AND p."timestamp" <= state.t
  UNION
  SELECT r.actioned_by_profile_id FROM lens_reaction r, state WHERE r.action_at > state.t - interval '30 days' AND r.action_at <= state.t
  UNION
  SELECT f.follower_profile_id FROM lens_follow f, state WHERE f."timestamp" > state.t - interval '30 days' AND f."timestamp" <= state.t)
UPDATE "lens_profile_stats" s SET "active" = true
FROM recent, state
WHERE s.generation = state.generation AND s.profile_id = recent.id;
