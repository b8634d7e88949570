-- An act is keyed by its own log (tx hash and log index); history_id, shared by the
-- acts of one action module, stays as a column. Rows already stored keep their
-- history id as their key.
ALTER TABLE "lens_act" ADD COLUMN "act_id" TEXT;
UPDATE "lens_act" SET "act_id" = "history_id"::text;
ALTER TABLE "lens_act" ALTER COLUMN "act_id" SET NOT NULL;
ALTER TABLE "lens_act" DROP CONSTRAINT "lens_act_pkey";
ALTER TABLE "lens_act" ADD CONSTRAINT "lens_act_pkey" PRIMARY KEY ("act_id");

-- The currency and amount as the source gives them, and the token they resolve to.
ALTER TABLE "lens_act" ADD COLUMN "implementation" TEXT,
  ADD COLUMN "source_currency" TEXT,
  ADD COLUMN "source_amount" DECIMAL,
  ADD COLUMN "token_id" INTEGER;
UPDATE "lens_act" SET "source_currency" = "currency", "source_amount" = "amount";

-- CreateIndex
CREATE INDEX "lens_act_history_id_idx" ON "lens_act"("history_id");

-- CreateTable
CREATE TABLE "lens_action_module" (
    "publication_id" TEXT NOT NULL,
    "implementation" TEXT NOT NULL,
    "currency" TEXT,
    "amount" DECIMAL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lens_action_module_pkey" PRIMARY KEY ("publication_id","implementation")
);

-- CreateTable
CREATE TABLE "lens_handle_name" (
    "handle_id" TEXT NOT NULL,
    "profile_id" TEXT,
    "local_name" TEXT NOT NULL,

    CONSTRAINT "lens_handle_name_pkey" PRIMARY KEY ("handle_id")
);

-- CreateTable
CREATE TABLE "lens_handle_link" (
    "handle_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lens_handle_link_pkey" PRIMARY KEY ("handle_id")
);

-- CreateIndex
CREATE INDEX "lens_handle_link_profile_id_idx" ON "lens_handle_link"("profile_id");
