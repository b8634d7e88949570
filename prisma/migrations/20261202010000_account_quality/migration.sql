-- The quality score of every account, per protocol and refresh generation: how
-- likely the account is a real person rather than spam, in [0, 1]. The refresh
-- writes one row per known account beside the generation readers use and
-- publishes it with the rest; `version` names the feature list and weights the
-- score was computed with, and `contributions` holds each feature's signed share
-- of the score in that version's feature order, so the score explains itself.
-- An account without a row (new since the refresh) has no score yet: a
-- minQuality filter leaves it out.

-- CreateTable
CREATE TABLE "fc_quality" (
    "generation" INTEGER NOT NULL,
    "fid" INTEGER NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "version" SMALLINT NOT NULL,
    "contributions" REAL[],

    CONSTRAINT "fc_quality_pkey" PRIMARY KEY ("generation","fid")
);

-- CreateTable
CREATE TABLE "lens_quality" (
    "generation" INTEGER NOT NULL,
    "profile_id" TEXT NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "version" SMALLINT NOT NULL,
    "contributions" REAL[],

    CONSTRAINT "lens_quality_pkey" PRIMARY KEY ("generation","profile_id")
);
