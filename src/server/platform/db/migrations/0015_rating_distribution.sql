ALTER TABLE "officers" ADD COLUMN "distribution_overall" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "distribution_leadership" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "distribution_tactics" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "distribution_communication" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "distribution_fairness" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "regiments" ADD COLUMN "distribution_overall" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD CONSTRAINT "officers_distribution_buckets" CHECK (cardinality("officers"."distribution_overall") = 5 and cardinality("officers"."distribution_leadership") = 5 and cardinality("officers"."distribution_tactics") = 5 and cardinality("officers"."distribution_communication") = 5 and cardinality("officers"."distribution_fairness") = 5);--> statement-breakpoint
ALTER TABLE "regiments" ADD CONSTRAINT "regiments_distribution_buckets" CHECK (cardinality("regiments"."distribution_overall") = 5);--> statement-breakpoint
-- Backfill (docs/decisions/0026-rating-distribution.md): the star buckets of every officer and regiment
-- with reviews, by the rule of recomputeOfficerAggregates / recomputeRegimentAggregates (a rating rounded
-- half up to a whole star, clamped to 1-5). Rows without reviews keep the default zeros.
UPDATE "officers" o SET
  "distribution_overall" = s.overall,
  "distribution_leadership" = s.leadership,
  "distribution_tactics" = s.tactics,
  "distribution_communication" = s.communication,
  "distribution_fairness" = s.fairness
FROM (
  SELECT officer_id,
    array[count(*) filter (where round(overall_rating) <= 1), count(*) filter (where round(overall_rating) = 2), count(*) filter (where round(overall_rating) = 3), count(*) filter (where round(overall_rating) = 4), count(*) filter (where round(overall_rating) >= 5)]::integer[] AS overall,
    array[count(*) filter (where round(leadership) <= 1), count(*) filter (where round(leadership) = 2), count(*) filter (where round(leadership) = 3), count(*) filter (where round(leadership) = 4), count(*) filter (where round(leadership) >= 5)]::integer[] AS leadership,
    array[count(*) filter (where round(tactics) <= 1), count(*) filter (where round(tactics) = 2), count(*) filter (where round(tactics) = 3), count(*) filter (where round(tactics) = 4), count(*) filter (where round(tactics) >= 5)]::integer[] AS tactics,
    array[count(*) filter (where round(communication) <= 1), count(*) filter (where round(communication) = 2), count(*) filter (where round(communication) = 3), count(*) filter (where round(communication) = 4), count(*) filter (where round(communication) >= 5)]::integer[] AS communication,
    array[count(*) filter (where round(fairness) <= 1), count(*) filter (where round(fairness) = 2), count(*) filter (where round(fairness) = 3), count(*) filter (where round(fairness) = 4), count(*) filter (where round(fairness) >= 5)]::integer[] AS fairness
  FROM reviews GROUP BY officer_id
) s
WHERE o.id = s.officer_id;--> statement-breakpoint
UPDATE "regiments" g SET "distribution_overall" = s.overall
FROM (
  SELECT o.regiment_id,
    array[count(*) filter (where round(r.overall_rating) <= 1), count(*) filter (where round(r.overall_rating) = 2), count(*) filter (where round(r.overall_rating) = 3), count(*) filter (where round(r.overall_rating) = 4), count(*) filter (where round(r.overall_rating) >= 5)]::integer[] AS overall
  FROM reviews r JOIN officers o ON o.id = r.officer_id
  WHERE o.is_active
  GROUP BY o.regiment_id
) s
WHERE g.id = s.regiment_id;
