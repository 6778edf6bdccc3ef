DROP INDEX "admin_audit_log_created_idx";--> statement-breakpoint
DROP INDEX "reviews_officer_created_idx";--> statement-breakpoint
DROP INDEX "reviews_created_idx";--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_officer_created_idx" ON "reviews" USING btree ("officer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);