-- Top creators (getTopCreators): collects by others of each profile's
-- publications, summed per period ('' all time, 'YYYY' a UTC year, 'YYYY-MM' a
-- UTC month) and currency ('' any, else the upper-cased symbol), so a filter's
-- best creators are the first rows of one index range instead of a sum and a
-- sort of every creator per request, a cost that grows with the creators
-- (docs/performance.md#request-path). Its input is lens_act, written only by
-- the import; the import's collect resolution rebuilds it in its transaction.

-- CreateTable
CREATE TABLE "lens_collect_creator" (
    "period" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "collects" INTEGER NOT NULL,
    "usd_amount" DECIMAL NOT NULL,

    CONSTRAINT "lens_collect_creator_pkey" PRIMARY KEY ("period", "currency", "profile_id")
);

-- The answer's order: USD collected, then collects, then profile id (numeric: length, then text).
CREATE INDEX "lens_collect_creator_top_idx" ON "lens_collect_creator" ("period", "currency", "usd_amount" DESC, "collects" DESC, length("profile_id"), "profile_id");

-- The rows of the collects already there (as the import's rebuild writes them).
INSERT INTO lens_collect_creator (period, currency, profile_id, collects, usd_amount)
SELECT p.period, c.currency, a.collected_profile_id, count(*)::int, coalesce(sum(a.usd_amount), 0)
FROM lens_act a
CROSS JOIN LATERAL (VALUES (''), (to_char(a."timestamp" AT TIME ZONE 'UTC', 'YYYY')), (to_char(a."timestamp" AT TIME ZONE 'UTC', 'YYYY-MM'))) AS p(period)
CROSS JOIN LATERAL (VALUES (''), (upper(a.currency))) AS c(currency)
WHERE a.is_collect AND a.acted_profile_id <> a.collected_profile_id AND c.currency IS NOT NULL
GROUP BY 1, 2, 3;
