-- Unfollows of a profile by unfollow time (newest first, then follower): the
-- unfollowers lists and their counts read a window of them from the index alone,
-- whatever the number of live followers. Unfollows are few beside live follows.
CREATE INDEX "fc_link_target_unfollow_idx" ON "fc_link" ("target_fid", "deleted_at" DESC, "fid" DESC)
  WHERE "deleted_at" IS NOT NULL;

CREATE INDEX "lens_follow_unfollow_idx" ON "lens_follow" ("profile_id", "deleted_at" DESC) INCLUDE ("follower_profile_id")
  WHERE "deleted_at" IS NOT NULL;
