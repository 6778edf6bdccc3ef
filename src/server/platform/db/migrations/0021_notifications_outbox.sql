CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(40) NOT NULL,
	"data" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "officer_registrations" ADD COLUMN "created_officer_id" integer;--> statement-breakpoint
ALTER TABLE "regiment_registrations" ADD COLUMN "created_regiment_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("available_at") WHERE "outbox"."failed_at" is null;--> statement-breakpoint
ALTER TABLE "officer_registrations" ADD CONSTRAINT "officer_registrations_created_officer_id_officers_id_fk" FOREIGN KEY ("created_officer_id") REFERENCES "public"."officers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regiment_registrations" ADD CONSTRAINT "regiment_registrations_created_regiment_id_regiments_id_fk" FOREIGN KEY ("created_regiment_id") REFERENCES "public"."regiments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "officer_registrations_user_idx" ON "officer_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "regiment_registrations_user_idx" ON "regiment_registrations" USING btree ("user_id");--> statement-breakpoint
-- Approvals made before this migration: the regiment of the same name, the officer the requester was linked to.
UPDATE "regiment_registrations" rr SET "created_regiment_id" = r."id" FROM "regiments" r WHERE rr."status" = 'approved' AND lower(r."name") = lower(rr."name");--> statement-breakpoint
UPDATE "officer_registrations" orr SET "created_officer_id" = u."officer_id" FROM "users" u WHERE orr."status" = 'approved' AND u."id" = orr."user_id" AND u."officer_id" IS NOT NULL;
