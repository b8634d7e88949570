-- Live Farcaster: counters and follower history kept current as rows change
-- (they replace the refresh-generation fc_follower_daily), the sync's cursor per
-- shard, its status, its backfill progress, and the analytics as-of time apart
-- from the data as-of time.

-- AlterTable
ALTER TABLE "protocol_state" ADD COLUMN "analytics_as_of" TIMESTAMPTZ(3);

-- DropTable
DROP TABLE "fc_follower_daily";

-- CreateTable
CREATE TABLE "fc_profile_counts" (
    "fid" INTEGER NOT NULL,
    "followers" INTEGER NOT NULL DEFAULT 0,
    "following" INTEGER NOT NULL DEFAULT 0,
    "posts" INTEGER NOT NULL DEFAULT 0,
    "likes_received" INTEGER NOT NULL DEFAULT 0,
    "recasts_received" INTEGER NOT NULL DEFAULT 0,
    "replies_received" INTEGER NOT NULL DEFAULT 0,
    "quotes_received" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "fc_profile_counts_pkey" PRIMARY KEY ("fid")
);

-- CreateTable
CREATE TABLE "fc_follower_day" (
    "fid" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "delta" INTEGER NOT NULL,

    CONSTRAINT "fc_follower_day_pkey" PRIMARY KEY ("fid","day")
);

-- CreateTable
CREATE TABLE "sync_cursor" (
    "shard" INTEGER NOT NULL,
    "event_id" BIGINT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "event_time" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sync_cursor_pkey" PRIMARY KEY ("shard")
);

-- CreateTable
CREATE TABLE "sync_status" (
    "id" INTEGER NOT NULL,
    "holder" TEXT NOT NULL,
    "status" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sync_status_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sync_backfill" (
    "fid" INTEGER NOT NULL,
    "done_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sync_backfill_pkey" PRIMARY KEY ("fid")
);

-- CreateTable
CREATE TABLE "fc_link_compact" (
    "fid" INTEGER NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "targets" INTEGER[],

    CONSTRAINT "fc_link_compact_pkey" PRIMARY KEY ("fid")
);
