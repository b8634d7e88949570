-- Snapchain's channels on chain (docs/sync.md#channels-on-chain). The registry's CHANNEL_REGISTER events,
-- each kept as merged by its label (keccak256 of the channel key, the ERC-721 tokenId and channel id) and
-- place on chain: the owner and expiry are their fold in chain order, read by the answers. Then one row
-- per slot of the node's channel stores, holding what the slot's latest message (in shard 0's order,
-- event_order) set: a channel's whole configuration, a member's state, the pin, a cast's moderation.
-- Channel follows are likes of the channel's CAIP-19 id, merged as reactions.
CREATE TABLE "fc_channel_register" (
    "label" TEXT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "tx_index" INTEGER NOT NULL,
    "channel_key" TEXT NOT NULL,
    "event_type" INTEGER NOT NULL,
    "owner_address" TEXT,
    "expiry" TIMESTAMPTZ(3),
    "block_time" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "fc_channel_register_pkey" PRIMARY KEY ("label", "block_number", "log_index")
);

CREATE TABLE "fc_channel_update" (
    "channel_id" TEXT NOT NULL,
    "name" TEXT,
    "description" TEXT,
    "image_url" TEXT,
    "header" TEXT,
    "rules" TEXT,
    "casting_mode" INTEGER NOT NULL,
    "membership_mode" INTEGER NOT NULL,
    "by_fid" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "event_order" BIGINT NOT NULL,

    CONSTRAINT "fc_channel_update_pkey" PRIMARY KEY ("channel_id")
);

CREATE TABLE "fc_channel_member" (
    "channel_id" TEXT NOT NULL,
    "fid" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "by_fid" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "event_order" BIGINT NOT NULL,

    CONSTRAINT "fc_channel_member_pkey" PRIMARY KEY ("channel_id", "fid")
);

CREATE INDEX "fc_channel_member_fid_idx" ON "fc_channel_member"("fid");

CREATE TABLE "fc_channel_pin" (
    "channel_id" TEXT NOT NULL,
    "cast_hash" TEXT,
    "by_fid" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "event_order" BIGINT NOT NULL,

    CONSTRAINT "fc_channel_pin_pkey" PRIMARY KEY ("channel_id")
);

CREATE TABLE "fc_channel_moderation" (
    "channel_id" TEXT NOT NULL,
    "cast_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "by_fid" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "event_order" BIGINT NOT NULL,

    CONSTRAINT "fc_channel_moderation_pkey" PRIMARY KEY ("channel_id", "cast_hash")
);

CREATE TABLE "fc_channel_follow" (
    "fid" INTEGER NOT NULL,
    "channel_id" TEXT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "fc_channel_follow_pkey" PRIMARY KEY ("fid", "channel_id")
);

CREATE INDEX "fc_channel_follow_channel_id_idx" ON "fc_channel_follow"("channel_id");
