ALTER TABLE "reviews" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill (written by hand): each review's rank among its officer's reviews, oldest first.
UPDATE "reviews" AS r SET "position" = n."position"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "officer_id" ORDER BY "created_at", "id")::integer AS "position"
  FROM "reviews"
) AS n
WHERE r."id" = n."id";--> statement-breakpoint
-- DEFERRABLE INITIALLY DEFERRED (added by hand; drizzle-kit cannot express it): deleting a review
-- shifts the later ones down by one in a single UPDATE, which an immediate unique check could fail
-- half-way, and bulk inserts number their rows after inserting them (docs/decisions/0008).
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_officer_position_key" UNIQUE("officer_id","position") DEFERRABLE INITIALLY DEFERRED;
