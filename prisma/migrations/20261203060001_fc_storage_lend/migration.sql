-- Storage lent by one fid to another (LEND_STORAGE messages): one row per lender and borrower, the
-- newest message by timestamp then hash, as the node keeps one lend per pair. A lend of 0 units is how
-- a lend is taken back: the node prunes it as it merges, and deleted_at records the prune. Borrowed
-- units are read by borrower, hence the index.
CREATE TABLE "fc_storage_lend" (
    "fid" INTEGER NOT NULL,
    "to_fid" INTEGER NOT NULL,
    "num_units" INTEGER NOT NULL,
    "unit_type" INTEGER NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "hash" TEXT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "fc_storage_lend_pkey" PRIMARY KEY ("fid", "to_fid")
);

CREATE INDEX "fc_storage_lend_to_fid_idx" ON "fc_storage_lend"("to_fid");
