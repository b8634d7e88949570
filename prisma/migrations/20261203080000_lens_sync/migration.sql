-- The Lens Chain live sync (src/lens-sync/): where it stands, what it applied and how to take it back.
-- lens_sync_cursor: the last block applied (number and hash), written in the same transaction as its rows.
CREATE TABLE "lens_sync_cursor" (
    "id" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "block_time" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lens_sync_cursor_pkey" PRIMARY KEY ("id")
);

-- One row per applied batch of blocks, newest kept for the undo window: a reorg is rewound to the newest
-- batch whose last block the chain still holds (its hash is the chain's), and the later batches are undone;
-- parent_hash (the block before from_block; null before block 0) lets the oldest one be undone too.
CREATE TABLE "lens_sync_batch" (
    "to_block" BIGINT NOT NULL,
    "from_block" BIGINT NOT NULL,
    "to_hash" TEXT NOT NULL,
    "parent_hash" TEXT,
    "applied_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lens_sync_batch_pkey" PRIMARY KEY ("to_block")
);

-- What a batch changed: per table and key, the row as it was before the batch (null: there was none).
-- Undoing a batch puts these back, so rows of orphaned blocks leave nothing behind.
CREATE TABLE "lens_sync_undo" (
    "to_block" BIGINT NOT NULL,
    "target" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "prior" JSONB,

    CONSTRAINT "lens_sync_undo_pkey" PRIMARY KEY ("to_block", "target", "key")
);

-- The Lens sync's status as its instance last wrote it (every instance's /readyz and /metrics read it).
CREATE TABLE "lens_sync_status" (
    "id" INTEGER NOT NULL,
    "holder" TEXT NOT NULL,
    "status" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lens_sync_status_pkey" PRIMARY KEY ("id")
);
