CREATE TABLE "review_waves" (
	"id" serial PRIMARY KEY NOT NULL,
	"officer_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"detections" jsonb NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decided_count" integer,
	CONSTRAINT "review_waves_status" CHECK ("review_waves"."status" in ('open', 'released', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "held_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "wave_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "steam_linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_waves" ADD CONSTRAINT "review_waves_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_waves" ADD CONSTRAINT "review_waves_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_waves_open_officer_idx" ON "review_waves" USING btree ("officer_id") WHERE "review_waves"."status" = 'open';--> statement-breakpoint
CREATE INDEX "review_waves_status_idx" ON "review_waves" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_wave_id_review_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."review_waves"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_wave_idx" ON "reviews" USING btree ("wave_id") WHERE "reviews"."wave_id" is not null;--> statement-breakpoint
CREATE INDEX "reviews_held_officer_idx" ON "reviews" USING btree ("officer_id") WHERE "reviews"."held";