ALTER TABLE "officers" ADD COLUMN "overall_sum" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "leadership_sum" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "tactics_sum" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "communication_sum" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "fairness_sum" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "regiments" ADD COLUMN "overall_sum" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The sums of what each officer's and regiment's figures count (issue 38): every review not held
-- in a wave; a regiment's, of its active officers' reviews only, as its averages are.
UPDATE "officers" o SET
  "overall_sum" = s.overall, "leadership_sum" = s.leadership, "tactics_sum" = s.tactics,
  "communication_sum" = s.communication, "fairness_sum" = s.fairness
FROM (
  SELECT r.officer_id, coalesce(sum(r.overall_rating), 0) AS overall, coalesce(sum(r.leadership), 0) AS leadership,
         coalesce(sum(r.tactics), 0) AS tactics, coalesce(sum(r.communication), 0) AS communication,
         coalesce(sum(r.fairness), 0) AS fairness
  FROM "reviews" r WHERE NOT r.held GROUP BY r.officer_id
) s
WHERE o.id = s.officer_id;--> statement-breakpoint
UPDATE "regiments" g SET "overall_sum" = s.overall
FROM (
  SELECT o.regiment_id, coalesce(sum(r.overall_rating), 0) AS overall
  FROM "officers" o JOIN "reviews" r ON r.officer_id = o.id AND NOT r.held
  WHERE o.is_active GROUP BY o.regiment_id
) s
WHERE g.id = s.regiment_id;
