-- Issue 33: one role column; the spec's is_admin follows from it (docs/decisions/0048-staff-roles.md).
ALTER TABLE "users" ADD COLUMN "role" varchar(20) DEFAULT 'user' NOT NULL;--> statement-breakpoint
UPDATE "users" SET "role" = 'admin' WHERE "is_admin";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" boolean GENERATED ALWAYS AS (role = 'admin') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role" CHECK ("users"."role" in ('user', 'moderator', 'admin'));
