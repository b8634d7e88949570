-- Live events the sync has no rule for (an event type, a message type or an on-chain event type it does
-- not read), kept as the node sent them so that a later version can read them again: nothing is dropped
-- without a trace. Keyed by the event's place in its shard, so an event the node delivers twice is kept once.
CREATE TABLE "sync_unhandled" (
    "shard" INTEGER NOT NULL,
    "event_id" BIGINT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "type" TEXT NOT NULL,
    "raw" BYTEA NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sync_unhandled_pkey" PRIMARY KEY ("shard", "event_id")
);

CREATE INDEX "sync_unhandled_type_idx" ON "sync_unhandled" ("type");
