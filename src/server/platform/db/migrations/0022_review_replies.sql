CREATE TABLE "review_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"user_id" integer,
	"text" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_replies_review_key" UNIQUE("review_id")
);
--> statement-breakpoint
DROP INDEX "review_flags_open_per_user_idx";--> statement-breakpoint
ALTER TABLE "review_flags" ADD COLUMN "reply_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "resolved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_reply_id_review_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."review_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_flags_open_reply_per_user_idx" ON "review_flags" USING btree ("reply_id","user_id") WHERE "review_flags"."status" = 'pending' and "review_flags"."reply_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_flags_open_per_user_idx" ON "review_flags" USING btree ("review_id","user_id") WHERE "review_flags"."status" = 'pending' and "review_flags"."reply_id" is null;