CREATE TABLE "review_cooldowns" (
	"user_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"wave_id" integer,
	CONSTRAINT "review_cooldowns_user_id_officer_id_pk" PRIMARY KEY("user_id","officer_id")
);
--> statement-breakpoint
ALTER TABLE "review_waves" DROP CONSTRAINT "review_waves_status";--> statement-breakpoint
ALTER TABLE "review_waves" ADD COLUMN "released_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_waves" ADD COLUMN "removed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_cooldowns" ADD CONSTRAINT "review_cooldowns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cooldowns" ADD CONSTRAINT "review_cooldowns_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cooldowns" ADD CONSTRAINT "review_cooldowns_wave_id_review_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."review_waves"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_waves" ADD CONSTRAINT "review_waves_status" CHECK ("review_waves"."status" in ('open', 'released', 'removed', 'mixed'));--> statement-breakpoint
-- Waves decided before the counts existed went all one way.
UPDATE "review_waves" SET "released_count" = coalesce("decided_count", 0) WHERE "status" = 'released';--> statement-breakpoint
UPDATE "review_waves" SET "removed_count" = coalesce("decided_count", 0) WHERE "status" = 'removed';
