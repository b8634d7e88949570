-- Keys a fid added by message (KEY_ADD) and removed by message (KEY_REMOVE), per fid and key. The node
-- merges these in the order of the fid's user nonce, not by timestamp, so the row keeps the add with the
-- highest nonce and, apart, the highest add nonce a remove is known to have deleted: the key is active
-- while that is below the add's.
CREATE TABLE "fc_gasless_key" (
    "fid" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "nonce" BIGINT NOT NULL,
    "scopes" INTEGER[],
    "ttl" INTEGER NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL,
    "removed_nonce" BIGINT,
    "removed_at" TIMESTAMPTZ(3),

    CONSTRAINT "fc_gasless_key_pkey" PRIMARY KEY ("fid", "key")
);
