-- Suggestions an API key's client dismissed for one viewer (who to follow,
-- src/queries/suggested-follows.ts): per key, protocol and viewer, so one app's
-- dismissals never hide an account from another app's users. Ids are held as
-- text in the protocol's canonical form (a fid in decimal, a Lens id in lowercase
-- hex). The primary key makes a repeated dismissal a no-op and serves the
-- per-viewer read and the bound on rows per key and viewer.

-- CreateTable
CREATE TABLE "suggestion_dismissal" (
    "api_key_id" UUID NOT NULL,
    "protocol" TEXT NOT NULL,
    "viewer" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "dismissed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "suggestion_dismissal_pkey" PRIMARY KEY ("api_key_id","protocol","viewer","target")
);
