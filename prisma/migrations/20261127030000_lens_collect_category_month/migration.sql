-- Collects per (category, currency, month) for the top collected categories: kept exact by
-- the import's collect resolution and by each classify page, so it is filled here from the
-- data as it stands (the same statement as COLLECT_CATEGORY_REBUILD in
-- src/repositories/collect-categories.sql.ts).

-- CreateTable
CREATE TABLE "lens_collect_category_month" (
    "category_id" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "month" DATE NOT NULL,
    "collects" INTEGER NOT NULL,
    "usd_amount" DECIMAL NOT NULL,

    CONSTRAINT "lens_collect_category_month_pkey" PRIMARY KEY ("category_id", "currency", "month")
);

INSERT INTO "lens_collect_category_month" ("category_id", "currency", "month", "collects", "usd_amount")
SELECT c.id, coalesce(upper(a.currency), ''), date_trunc('month', a."timestamp" AT TIME ZONE 'UTC')::date,
  count(*)::int, coalesce(sum(a.usd_amount), 0)
FROM lens_act a
JOIN post_content p ON p.protocol = 'lens' AND p.post_id = a.publication_id
CROSS JOIN LATERAL unnest(p.categories) AS c(id)
WHERE a.is_collect AND a.acted_profile_id <> a.collected_profile_id
GROUP BY 1, 2, 3;
