-- CreateTable
CREATE TABLE "fc_user" (
    "fid" INTEGER NOT NULL,
    "registered_at" TIMESTAMPTZ(3),
    "custody_address" TEXT,

    CONSTRAINT "fc_user_pkey" PRIMARY KEY ("fid")
);

-- CreateTable
CREATE TABLE "fc_fname" (
    "fid" INTEGER NOT NULL,
    "fname" TEXT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "fc_fname_pkey" PRIMARY KEY ("fid", "fname")
);

-- CreateIndex
CREATE INDEX "fc_fname_fname_idx" ON "fc_fname"("fname");

-- CreateTable
CREATE TABLE "fc_user_data" (
    "fid" INTEGER NOT NULL,
    "type" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "fc_user_data_pkey" PRIMARY KEY ("fid", "type")
);

-- CreateTable
CREATE TABLE "fc_link" (
    "fid" INTEGER NOT NULL,
    "target_fid" INTEGER NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "fc_link_pkey" PRIMARY KEY ("fid", "target_fid")
);

-- CreateIndex
CREATE INDEX "fc_link_target_fid_timestamp_idx" ON "fc_link"("target_fid", "timestamp");

-- CreateTable
CREATE TABLE "fc_cast" (
    "hash" TEXT NOT NULL,
    "fid" INTEGER NOT NULL,
    "parent_fid" INTEGER,
    "parent_hash" TEXT,
    "root_parent_hash" TEXT,
    "parent_url" TEXT,
    "text" TEXT NOT NULL DEFAULT '',
    "embeds" JSONB,
    "mentions" INTEGER[],
    "quoted_hash" TEXT,
    "quoted_fid" INTEGER,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "fc_cast_pkey" PRIMARY KEY ("hash")
);

-- CreateIndex
CREATE INDEX "fc_cast_fid_timestamp_idx" ON "fc_cast"("fid", "timestamp");

-- CreateIndex
CREATE INDEX "fc_cast_parent_hash_idx" ON "fc_cast"("parent_hash");

-- CreateIndex
CREATE INDEX "fc_cast_quoted_hash_idx" ON "fc_cast"("quoted_hash");

-- CreateIndex
CREATE INDEX "fc_cast_timestamp_idx" ON "fc_cast"("timestamp");

-- CreateTable
CREATE TABLE "fc_reaction" (
    "fid" INTEGER NOT NULL,
    "reaction_type" INTEGER NOT NULL,
    "target_hash" TEXT NOT NULL,
    "target_fid" INTEGER NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "fc_reaction_pkey" PRIMARY KEY ("fid", "reaction_type", "target_hash")
);

-- CreateIndex
CREATE INDEX "fc_reaction_target_fid_reaction_type_idx" ON "fc_reaction"("target_fid", "reaction_type");

-- CreateIndex
CREATE INDEX "fc_reaction_target_hash_idx" ON "fc_reaction"("target_hash");

-- CreateIndex
CREATE INDEX "fc_reaction_fid_timestamp_idx" ON "fc_reaction"("fid", "timestamp");

-- CreateTable
CREATE TABLE "fc_verification" (
    "fid" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "protocol" TEXT NOT NULL DEFAULT 'ethereum',
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "fc_verification_pkey" PRIMARY KEY ("fid", "address")
);

-- CreateIndex
CREATE INDEX "fc_verification_address_idx" ON "fc_verification"("address");

-- CreateTable
CREATE TABLE "lens_profile" (
    "profile_id" TEXT NOT NULL,
    "owned_by" TEXT NOT NULL,
    "is_burnt" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lens_profile_pkey" PRIMARY KEY ("profile_id")
);

-- CreateIndex
CREATE INDEX "lens_profile_owned_by_idx" ON "lens_profile"("owned_by");

-- CreateTable
CREATE TABLE "lens_profile_metadata" (
    "profile_id" TEXT NOT NULL,
    "name" TEXT,
    "bio" TEXT,
    "picture" TEXT,
    "cover_picture" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lens_profile_metadata_pkey" PRIMARY KEY ("profile_id")
);

-- CreateTable
CREATE TABLE "lens_handle" (
    "profile_id" TEXT NOT NULL,
    "local_name" TEXT NOT NULL,

    CONSTRAINT "lens_handle_pkey" PRIMARY KEY ("profile_id")
);

-- CreateIndex
CREATE INDEX "lens_handle_local_name_idx" ON "lens_handle"("local_name");

-- CreateTable
CREATE TABLE "lens_follow" (
    "profile_id" TEXT NOT NULL,
    "follower_profile_id" TEXT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "lens_follow_pkey" PRIMARY KEY ("profile_id", "follower_profile_id")
);

-- CreateIndex
CREATE INDEX "lens_follow_follower_profile_id_idx" ON "lens_follow"("follower_profile_id");

-- CreateIndex
CREATE INDEX "lens_follow_profile_id_timestamp_idx" ON "lens_follow"("profile_id", "timestamp");

-- CreateTable
CREATE TABLE "lens_publication" (
    "publication_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "publication_type" TEXT NOT NULL,
    "parent_publication_id" TEXT,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "is_hidden" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "lens_publication_pkey" PRIMARY KEY ("publication_id")
);

-- CreateIndex
CREATE INDEX "lens_publication_profile_id_timestamp_idx" ON "lens_publication"("profile_id", "timestamp");

-- CreateIndex
CREATE INDEX "lens_publication_parent_publication_id_idx" ON "lens_publication"("parent_publication_id");

-- CreateIndex
CREATE INDEX "lens_publication_timestamp_idx" ON "lens_publication"("timestamp");

-- CreateTable
CREATE TABLE "lens_publication_metadata" (
    "publication_id" TEXT NOT NULL,
    "content" TEXT,
    "main_content_focus" TEXT,
    "tags" TEXT[],

    CONSTRAINT "lens_publication_metadata_pkey" PRIMARY KEY ("publication_id")
);

-- CreateTable
CREATE TABLE "lens_reaction" (
    "publication_id" TEXT NOT NULL,
    "actioned_by_profile_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "action_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lens_reaction_pkey" PRIMARY KEY ("publication_id", "actioned_by_profile_id", "type")
);

-- CreateIndex
CREATE INDEX "lens_reaction_actioned_by_profile_id_action_at_idx" ON "lens_reaction"("actioned_by_profile_id", "action_at");

-- CreateTable
CREATE TABLE "lens_act" (
    "history_id" BIGINT NOT NULL,
    "publication_id" TEXT NOT NULL,
    "collected_profile_id" TEXT NOT NULL,
    "acted_profile_id" TEXT NOT NULL,
    "is_collect" BOOLEAN NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "currency" TEXT,
    "amount" DECIMAL(78,18),
    "usd_amount" DECIMAL(78,18),
    "action_result" TEXT,
    "action_data" TEXT,

    CONSTRAINT "lens_act_pkey" PRIMARY KEY ("history_id")
);

-- CreateIndex
CREATE INDEX "lens_act_collected_profile_id_timestamp_idx" ON "lens_act"("collected_profile_id", "timestamp");

-- CreateIndex
CREATE INDEX "lens_act_acted_profile_id_timestamp_idx" ON "lens_act"("acted_profile_id", "timestamp");

-- CreateIndex
CREATE INDEX "lens_act_publication_id_idx" ON "lens_act"("publication_id");

-- CreateTable
CREATE TABLE "lens_score" (
    "profile_id" TEXT NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "lens_score_pkey" PRIMARY KEY ("profile_id")
);

-- CreateTable
CREATE TABLE "token" (
    "id" INTEGER NOT NULL,
    "chain" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "decimals" INTEGER,
    "image" TEXT,
    "twitter" TEXT,
    "telegram" TEXT,
    "website" TEXT,
    "genesis_date" DATE,
    "address" TEXT NOT NULL,
    "buyers" INTEGER,

    CONSTRAINT "token_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "token_symbol_idx" ON "token"("symbol");

-- CreateTable
CREATE TABLE "token_category" (
    "id" INTEGER NOT NULL,
    "token_id" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "chain" TEXT NOT NULL,
    "category" TEXT NOT NULL,

    CONSTRAINT "token_category_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "token_category_token_id_idx" ON "token_category"("token_id");

-- CreateTable
CREATE TABLE "token_market" (
    "id" INTEGER NOT NULL,
    "token_id" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "chain" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,

    CONSTRAINT "token_market_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "token_market_token_id_idx" ON "token_market"("token_id");

-- CreateTable
CREATE TABLE "token_price" (
    "id" INTEGER NOT NULL,
    "token_id" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "chain" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "price_usd" DECIMAL NOT NULL,
    "ath" DECIMAL,
    "atl" DECIMAL,
    "market_cap" DECIMAL,
    "price_change_percentage_24h" DECIMAL,
    "price_change_percentage_7d" DECIMAL,
    "price_change_percentage_14d" DECIMAL,
    "price_change_percentage_30d" DECIMAL,
    "price_change_percentage_60d" DECIMAL,
    "price_change_percentage_200d" DECIMAL,
    "price_change_percentage_1y" DECIMAL,

    CONSTRAINT "token_price_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "token_price_token_id_created_at_idx" ON "token_price"("token_id", "created_at");

-- CreateTable
CREATE TABLE "api_key" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "rate_limit" INTEGER NOT NULL DEFAULT 600,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "replaced_by" UUID,

    CONSTRAINT "api_key_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_key_key_hash_key" ON "api_key"("key_hash");

-- CreateTable
CREATE TABLE "protocol_state" (
    "protocol" TEXT NOT NULL,
    "as_of" TIMESTAMPTZ(3),
    "refreshed_at" TIMESTAMPTZ(3),

    CONSTRAINT "protocol_state_pkey" PRIMARY KEY ("protocol")
);

-- CreateTable
CREATE TABLE "app_meta" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_meta_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "import_run" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL,
    "rows_ok" BIGINT NOT NULL DEFAULT '0',
    "rows_bad" BIGINT NOT NULL DEFAULT '0',
    "report" JSONB,

    CONSTRAINT "import_run_pkey" PRIMARY KEY ("id")
);

