ALTER TABLE "regiments" ADD COLUMN "region" varchar(8);--> statement-breakpoint
ALTER TABLE "regiments" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "regiments" ADD COLUMN "languages" varchar(8)[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "regiments" ADD COLUMN "schedule" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "regiments" ADD COLUMN "minimum_age" smallint;--> statement-breakpoint
ALTER TABLE "regiments" ADD COLUMN "recruiting" boolean;--> statement-breakpoint
ALTER TABLE "regiments" ADD COLUMN "discord_invite" varchar(100);--> statement-breakpoint
ALTER TABLE "regiments" ADD CONSTRAINT "regiments_region" CHECK ("regiments"."region" in ('NA', 'EU', 'SA', 'OCE', 'Asia'));--> statement-breakpoint
ALTER TABLE "regiments" ADD CONSTRAINT "regiments_minimum_age" CHECK ("regiments"."minimum_age" between 10 and 99);