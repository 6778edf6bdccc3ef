CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_id" integer NOT NULL,
	"user_id" integer,
	"text" text NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decision_reason" text,
	CONSTRAINT "appeals_action_key" UNIQUE("action_id"),
	CONSTRAINT "appeals_status" CHECK ("appeals"."status" in ('open', 'upheld', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "case_assignments" (
	"case_type" varchar(20) NOT NULL,
	"case_id" integer NOT NULL,
	"assignee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_assignments_case_type_case_id_pk" PRIMARY KEY("case_type","case_id")
);
--> statement-breakpoint
CREATE TABLE "case_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_type" varchar(20) NOT NULL,
	"case_id" integer NOT NULL,
	"author_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"user_id" integer,
	"ground" varchar(40) NOT NULL,
	"facts" text NOT NULL,
	"automated" boolean DEFAULT false NOT NULL,
	"actor_id" integer,
	"actor_role" varchar(20) NOT NULL,
	"target_type" varchar(30) NOT NULL,
	"target_id" integer,
	"subject" text NOT NULL,
	"ends_at" timestamp with time zone,
	"appealable_until" timestamp with time zone NOT NULL,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_kind" CHECK ("moderation_actions"."kind" in ('review_removal', 'reply_removal', 'wave_removal', 'suspension', 'ban', 'registration_rejection'))
);
--> statement-breakpoint
CREATE TABLE "removed_content" (
	"action_id" integer PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"snapshot" jsonb NOT NULL,
	"purge_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_flags" DROP CONSTRAINT "review_flags_review_id_reviews_id_fk";
--> statement-breakpoint
ALTER TABLE "review_flags" DROP CONSTRAINT "review_flags_reply_id_review_replies_id_fk";
--> statement-breakpoint
DROP INDEX "review_flags_open_per_user_idx";--> statement-breakpoint
DROP INDEX "review_flags_open_reply_per_user_idx";--> statement-breakpoint
ALTER TABLE "review_flags" ALTER COLUMN "review_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "review_flags" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_flags" ADD COLUMN "on_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A flag keeps saying it was on a reply once the reply (and so reply_id) is gone.
UPDATE "review_flags" SET "on_reply" = true WHERE "reply_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_action_id_moderation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."moderation_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_assignments" ADD CONSTRAINT "case_assignments_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removed_content" ADD CONSTRAINT "removed_content_action_id_moderation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."moderation_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeals_status_idx" ON "appeals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "case_notes_case_idx" ON "case_notes" USING btree ("case_type","case_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_actions_user_idx" ON "moderation_actions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "removed_content_purge_idx" ON "removed_content" USING btree ("purge_after");--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_reply_id_review_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."review_replies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_flags_created_idx" ON "review_flags" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_flags_open_per_user_idx" ON "review_flags" USING btree ("review_id","user_id") WHERE "review_flags"."status" = 'pending' and not "review_flags"."on_reply";--> statement-breakpoint
CREATE UNIQUE INDEX "review_flags_open_reply_per_user_idx" ON "review_flags" USING btree ("reply_id","user_id") WHERE "review_flags"."status" = 'pending' and "review_flags"."on_reply";