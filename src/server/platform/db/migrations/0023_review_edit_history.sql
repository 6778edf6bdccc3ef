CREATE TABLE "review_revisions" (
	"review_id" integer NOT NULL,
	"version" integer NOT NULL,
	"text" varchar(500) NOT NULL,
	"leadership" numeric(2, 1) NOT NULL,
	"tactics" numeric(2, 1) NOT NULL,
	"communication" numeric(2, 1) NOT NULL,
	"fairness" numeric(2, 1) NOT NULL,
	"overall_rating" numeric(4, 2) NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_revisions_pkey" PRIMARY KEY("review_id","version")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "revision_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_revisions" ADD CONSTRAINT "review_revisions_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Reviews edited before the history was kept: issue 13's rule (a change more than a minute after the
-- review was written can only be an edit) gives their last edit; their earlier versions are unknown.
UPDATE "reviews" SET "edited_at" = "updated_at" WHERE "updated_at" > "created_at" + interval '1 minute';
