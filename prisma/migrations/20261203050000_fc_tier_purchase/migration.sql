-- Tier purchases on chain (the Pro tier): each TIER_PURCHASE event of a fid as the node merged it. A
-- subscription's expiry is derived from them when read (each purchase extends from the later of its own
-- time and the expiry before it), so the rows are the events themselves, which never change.
CREATE TABLE "fc_tier_purchase" (
    "fid" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "tier_type" INTEGER NOT NULL,
    "for_days" INTEGER NOT NULL,
    "purchased_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "fc_tier_purchase_pkey" PRIMARY KEY ("fid", "block_number", "log_index")
);
