DROP INDEX "officers_top_idx";--> statement-breakpoint
DROP INDEX "officers_name_trgm_idx";--> statement-breakpoint
DROP INDEX "officers_rank_trgm_idx";--> statement-breakpoint
DROP INDEX "regiments_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "rank_lower" text GENERATED ALWAYS AS (lower(rank)) STORED;--> statement-breakpoint
ALTER TABLE "regiments" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
CREATE INDEX "officers_rating_idx" ON "officers" USING btree ("average_rating","name","id");--> statement-breakpoint
CREATE INDEX "officers_name_idx" ON "officers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "officers_reviews_idx" ON "officers" USING btree ("review_count","name","id");--> statement-breakpoint
CREATE INDEX "officers_name_lower_trgm_idx" ON "officers" USING gin ("name_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "officers_rank_lower_trgm_idx" ON "officers" USING gin ("rank_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regiments_name_lower_trgm_idx" ON "regiments" USING gin ("name_lower" gin_trgm_ops);