-- Written by hand (docs/decisions/0016-self-reviews.md): nobody reviews the officer profile their
-- account is linked to. Reviews written that way before the rule (issue 13) are removed, and the
-- positions and figures of their officers and regiments recomputed as the aggregates helpers do
-- (features/reviews/aggregates.ts). Votes and flags on them go with them (ON DELETE CASCADE).
-- Drizzle runs all pending migrations in one transaction, so the temporary table lasts until commit.
CREATE TEMPORARY TABLE "self_reviewed_officers" ON COMMIT DROP AS
SELECT DISTINCT r."officer_id" AS "id"
FROM "reviews" AS r
JOIN "users" AS u ON u."id" = r."user_id" AND u."officer_id" = r."officer_id";--> statement-breakpoint
DELETE FROM "reviews" AS r
USING "users" AS u
WHERE u."id" = r."user_id" AND u."officer_id" = r."officer_id";--> statement-breakpoint
UPDATE "reviews" AS r SET "position" = n."position"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "officer_id" ORDER BY "created_at", "id")::integer AS "position"
  FROM "reviews"
  WHERE "officer_id" IN (SELECT "id" FROM "self_reviewed_officers")
) AS n
WHERE r."id" = n."id" AND r."position" <> n."position";--> statement-breakpoint
UPDATE "officers" AS o SET
  "review_count" = coalesce(s.n, 0),
  "average_rating" = coalesce(s.overall, 0),
  "leadership_rating" = coalesce(s.leadership, 0),
  "tactics_rating" = coalesce(s.tactics, 0),
  "communication_rating" = coalesce(s.communication, 0),
  "fairness_rating" = coalesce(s.fairness, 0)
FROM "officers" AS o2
LEFT JOIN LATERAL (
  SELECT count(*)::integer AS n,
         round(avg(r."overall_rating"), 2) AS overall,
         round(avg(r."leadership"), 2) AS leadership,
         round(avg(r."tactics"), 2) AS tactics,
         round(avg(r."communication"), 2) AS communication,
         round(avg(r."fairness"), 2) AS fairness
  FROM "reviews" AS r WHERE r."officer_id" = o2."id"
) AS s ON true
WHERE o."id" = o2."id" AND o."id" IN (SELECT "id" FROM "self_reviewed_officers");--> statement-breakpoint
UPDATE "regiments" AS g SET
  "officer_count" = coalesce(s.officers, 0),
  "review_count" = coalesce(s.n, 0),
  "average_rating" = coalesce(s.overall, 0)
FROM "regiments" AS g2
LEFT JOIN LATERAL (
  SELECT (SELECT count(*)::integer FROM "officers" AS o WHERE o."regiment_id" = g2."id" AND o."is_active") AS officers,
         count(r."id")::integer AS n,
         round(avg(r."overall_rating"), 2) AS overall
  FROM "officers" AS o JOIN "reviews" AS r ON r."officer_id" = o."id"
  WHERE o."regiment_id" = g2."id" AND o."is_active"
) AS s ON true
WHERE g."id" = g2."id"
  AND g."id" IN (SELECT o."regiment_id" FROM "officers" AS o WHERE o."id" IN (SELECT "id" FROM "self_reviewed_officers"));
