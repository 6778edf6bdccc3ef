CREATE TABLE "ranking_prior" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"community_mean" numeric(4, 2) DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ranking_prior_one_row" CHECK ("ranking_prior"."id" = 1)
);
--> statement-breakpoint
-- Published at once (docs/decisions/0030-bayesian-ranking.md), by communityMeanOf's rule: the mean of
-- every review of the active regiments, from their stored averages, to 2 decimals; 0 without reviews.
INSERT INTO "ranking_prior" ("id", "community_mean")
SELECT 1, coalesce(round(sum(average_rating * review_count) / nullif(sum(review_count), 0), 2), 0)
FROM "regiments" WHERE is_active AND review_count > 0;
