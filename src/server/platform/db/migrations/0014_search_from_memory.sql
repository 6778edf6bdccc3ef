DROP INDEX "officers_rating_unrated_last_idx";--> statement-breakpoint
DROP INDEX "officers_reviews_idx";--> statement-breakpoint
DROP INDEX "officers_name_lower_trgm_idx";--> statement-breakpoint
DROP INDEX "officers_rank_lower_trgm_idx";--> statement-breakpoint
DROP INDEX "regiments_name_lower_trgm_idx";--> statement-breakpoint
ALTER TABLE "officers" DROP COLUMN "name_lower";--> statement-breakpoint
ALTER TABLE "officers" DROP COLUMN "rank_lower";--> statement-breakpoint
ALTER TABLE "regiments" DROP COLUMN "name_lower";