-- Where each API key's viewer has read its notifications up to (per protocol):
-- notifications whose newest event is at or before `seen_up_to` are seen
-- (src/queries/notifications.ts). Kept per key, because a key is an app and two
-- apps of one viewer keep their own unread badge.

-- CreateTable
CREATE TABLE "notification_seen" (
    "api_key_id" UUID NOT NULL,
    "protocol" TEXT NOT NULL,
    "viewer" TEXT NOT NULL,
    "seen_up_to" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_seen_pkey" PRIMARY KEY ("api_key_id","protocol","viewer")
);
