ALTER TABLE "users" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "steam_level" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "steam_total_games" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "steam_refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hide_level" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Backfill (docs/decisions/0029-reviewer-signals.md): every user's review count, by the rule of
-- recomputeUserReviewCounts (all the reviews they wrote, whatever the officer). The Steam figures
-- start unknown (null) and are read in the background when a review of theirs is shown.
UPDATE "users" u SET "review_count" = s.n
FROM (SELECT user_id, count(*)::int AS n FROM reviews GROUP BY user_id) s
WHERE u.id = s.user_id;
