-- Storage rented on chain: each STORAGE_RENT event of a fid as the node merged it. The unit type of its
-- units and when they stop counting are derived from the block's time when read, as the node derives
-- them (it does not read the event's own expiry for limits), so the rows are the events themselves,
-- which never change.
CREATE TABLE "fc_storage_rent" (
    "fid" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "units" INTEGER NOT NULL,
    "rented_at" TIMESTAMPTZ(3) NOT NULL,
    "expiry" TIMESTAMPTZ(3) NOT NULL,
    "payer" TEXT NOT NULL,

    CONSTRAINT "fc_storage_rent_pkey" PRIMARY KEY ("fid", "block_number", "log_index")
);
