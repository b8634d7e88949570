-- Content intelligence: the classifier's per-post labels, daily cashtag and topic counts, the LLM answer cache.

-- CreateTable
CREATE TABLE "post_content" (
    "protocol" TEXT NOT NULL,
    "post_id" TEXT NOT NULL,
    "author_id" TEXT NOT NULL,
    "posted_at" TIMESTAMPTZ(3) NOT NULL,
    "day" DATE NOT NULL,
    "text_hash" TEXT NOT NULL,
    "classifier" TEXT NOT NULL,
    "categories" INTEGER[],
    "hashtags" TEXT[],
    "channel" TEXT,
    "terms" TEXT[],
    "cashtags" TEXT[],
    "classified_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "post_content_pkey" PRIMARY KEY ("protocol", "post_id")
);

-- CreateIndex
CREATE INDEX "post_content_day_idx" ON "post_content"("day");

-- CreateTable
CREATE TABLE "post_category" (
    "category_id" INTEGER NOT NULL,
    "protocol" TEXT NOT NULL,
    "post_id" TEXT NOT NULL,
    "author_id" TEXT NOT NULL,
    "posted_at" TIMESTAMPTZ(3) NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "post_category_pkey" PRIMARY KEY ("category_id", "protocol", "post_id")
);

-- CreateIndex
CREATE INDEX "post_category_category_id_day_idx" ON "post_category"("category_id", "day");

-- CreateIndex
CREATE INDEX "post_category_protocol_category_id_posted_at_idx" ON "post_category"("protocol", "category_id", "posted_at");

-- CreateTable
CREATE TABLE "post_cashtag" (
    "symbol" TEXT NOT NULL,
    "protocol" TEXT NOT NULL,
    "post_id" TEXT NOT NULL,
    "posted_at" TIMESTAMPTZ(3) NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "post_cashtag_pkey" PRIMARY KEY ("symbol", "protocol", "post_id")
);

-- CreateIndex
CREATE INDEX "post_cashtag_symbol_posted_at_idx" ON "post_cashtag"("symbol", "posted_at");

-- CreateIndex
CREATE INDEX "post_cashtag_day_idx" ON "post_cashtag"("day");

-- CreateTable
CREATE TABLE "token_mention_daily" (
    "day" DATE NOT NULL,
    "symbol" TEXT NOT NULL,
    "id" UUID NOT NULL,
    "post_count" INTEGER NOT NULL,

    CONSTRAINT "token_mention_daily_pkey" PRIMARY KEY ("day", "symbol")
);

-- CreateIndex
CREATE UNIQUE INDEX "token_mention_daily_id_key" ON "token_mention_daily"("id");

-- CreateIndex
CREATE INDEX "token_mention_daily_symbol_day_idx" ON "token_mention_daily"("symbol", "day");

-- CreateTable
CREATE TABLE "topic_daily" (
    "day" DATE NOT NULL,
    "topic" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "post_count" INTEGER NOT NULL,
    "author_count" INTEGER NOT NULL,

    CONSTRAINT "topic_daily_pkey" PRIMARY KEY ("day", "topic")
);

-- CreateIndex
CREATE INDEX "topic_daily_topic_day_idx" ON "topic_daily"("topic", "day");

-- CreateTable
CREATE TABLE "content_dirty_day" (
    "day" DATE NOT NULL,

    CONSTRAINT "content_dirty_day_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "llm_classification" (
    "model" TEXT NOT NULL,
    "text_hash" TEXT NOT NULL,
    "categories" INTEGER[],
    "terms" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "llm_classification_pkey" PRIMARY KEY ("model", "text_hash")
);

