CREATE TABLE "catalogue_changes" (
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"officer_id" integer,
	"regiment_id" integer
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_xid_idx" ON "catalogue_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "catalogue_changes_at_idx" ON "catalogue_changes" USING btree ("at");