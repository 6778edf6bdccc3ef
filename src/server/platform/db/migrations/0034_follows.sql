CREATE TABLE "follow_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"through" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"officer_id" integer,
	"regiment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_one_target" CHECK (("follows"."officer_id" is null) <> ("follows"."regiment_id" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "follow_digest" varchar(10) DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "follow_digests" ADD CONSTRAINT "follow_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_regiment_id_regiments_id_fk" FOREIGN KEY ("regiment_id") REFERENCES "public"."regiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_digests_user_through_idx" ON "follow_digests" USING btree ("user_id","through");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_officer_idx" ON "follows" USING btree ("user_id","officer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_regiment_idx" ON "follows" USING btree ("user_id","regiment_id");--> statement-breakpoint
CREATE INDEX "follows_officer_idx" ON "follows" USING btree ("officer_id");--> statement-breakpoint
CREATE INDEX "follows_regiment_idx" ON "follows" USING btree ("regiment_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_follow_digest" CHECK ("users"."follow_digest" in ('off', 'daily', 'weekly'));