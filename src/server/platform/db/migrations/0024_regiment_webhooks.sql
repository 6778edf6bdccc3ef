CREATE TABLE "regiment_webhooks" (
	"regiment_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"set_by" integer,
	"failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"disabled_at" timestamp with time zone,
	"disabled_reason" varchar(20),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regiment_webhooks" ADD CONSTRAINT "regiment_webhooks_regiment_id_regiments_id_fk" FOREIGN KEY ("regiment_id") REFERENCES "public"."regiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regiment_webhooks" ADD CONSTRAINT "regiment_webhooks_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;