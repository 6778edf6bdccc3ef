ALTER TABLE "officers" ADD COLUMN "would_serve_yes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "officers" ADD COLUMN "would_serve_no" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "would_serve_again" boolean;