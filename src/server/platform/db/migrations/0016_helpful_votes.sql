ALTER TABLE "reviews" ADD COLUMN "upvotes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "downvotes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill (docs/decisions/0027-review-helpfulness.md): each review's up and down votes, counted from
-- review_votes as the vote endpoint moves them; before the generated column, so the table is
-- rewritten once by it with the final counts.
UPDATE "reviews" r SET "upvotes" = v.up, "downvotes" = v.down
FROM (
  SELECT review_id, (count(*) filter (where vote = 1))::int AS up, (count(*) filter (where vote = -1))::int AS down
  FROM review_votes GROUP BY review_id
) v
WHERE r.id = v.review_id;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "helpful_bound" double precision GENERATED ALWAYS AS (case when upvotes + downvotes <= 0 then 0::double precision else ((upvotes::double precision / (upvotes + downvotes)::double precision) + (1.96::double precision * 1.96::double precision) / (2 * (upvotes + downvotes)::double precision) - 1.96::double precision * sqrt(((upvotes::double precision / (upvotes + downvotes)::double precision) * (1 - (upvotes::double precision / (upvotes + downvotes)::double precision))) / (upvotes + downvotes)::double precision + (1.96::double precision * 1.96::double precision) / (4 * (upvotes + downvotes)::double precision * (upvotes + downvotes)::double precision))) / (1 + (1.96::double precision * 1.96::double precision) / (upvotes + downvotes)::double precision) end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_officer_helpful_idx" ON "reviews" USING btree ("officer_id","helpful_bound" DESC NULLS FIRST,"position" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_officer_highest_idx" ON "reviews" USING btree ("officer_id","overall_rating" DESC NULLS FIRST,"position" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_officer_lowest_idx" ON "reviews" USING btree ("officer_id","overall_rating",(-"position"));