CREATE TABLE "officer_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"rank" varchar(50) NOT NULL,
	"regiment_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notes" text,
	"proof_url" text,
	"profile_image_url" text
);
--> statement-breakpoint
CREATE TABLE "officers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"rank" varchar(50) NOT NULL,
	"regiment_id" integer NOT NULL,
	"average_rating" numeric(4, 2) DEFAULT 0 NOT NULL,
	"leadership_rating" numeric(4, 2) DEFAULT 0 NOT NULL,
	"tactics_rating" numeric(4, 2) DEFAULT 0 NOT NULL,
	"communication_rating" numeric(4, 2) DEFAULT 0 NOT NULL,
	"fairness_rating" numeric(4, 2) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"profile_image_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regiment_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(250),
	"side_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notes" text,
	"banner_image_url" text,
	"icon_image_url" text
);
--> statement-breakpoint
CREATE TABLE "regiments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(250),
	"side_id" integer NOT NULL,
	"average_rating" numeric(4, 2) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"officer_count" integer DEFAULT 0 NOT NULL,
	"banner_image_url" text,
	"icon_image_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"review_id" integer NOT NULL,
	"vote" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_vote_range" CHECK ("review_votes"."vote" in (-1, 0, 1))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"text" varchar(500) NOT NULL,
	"leadership" numeric(2, 1) NOT NULL,
	"tactics" numeric(2, 1) NOT NULL,
	"communication" numeric(2, 1) NOT NULL,
	"fairness" numeric(2, 1) NOT NULL,
	"overall_rating" numeric(4, 2) NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_ratings_range" CHECK ("reviews"."leadership" between 0 and 5 and "reviews"."tactics" between 0 and 5 and "reviews"."communication" between 0 and 5 and "reviews"."fairness" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer,
	"csrf_token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sides" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"code" varchar(10) NOT NULL,
	CONSTRAINT "sides_name_unique" UNIQUE("name"),
	CONSTRAINT "sides_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(50) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text,
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_officer" boolean DEFAULT false NOT NULL,
	"officer_id" integer,
	"steam_id" varchar(20),
	"firebase_uid" varchar(128),
	"email_verified" boolean DEFAULT false NOT NULL,
	"is_banned" boolean DEFAULT false NOT NULL,
	CONSTRAINT "users_steam_id_unique" UNIQUE("steam_id"),
	CONSTRAINT "users_firebase_uid_unique" UNIQUE("firebase_uid")
);
--> statement-breakpoint
ALTER TABLE "officer_registrations" ADD CONSTRAINT "officer_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer_registrations" ADD CONSTRAINT "officer_registrations_regiment_id_regiments_id_fk" FOREIGN KEY ("regiment_id") REFERENCES "public"."regiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officers" ADD CONSTRAINT "officers_regiment_id_regiments_id_fk" FOREIGN KEY ("regiment_id") REFERENCES "public"."regiments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regiment_registrations" ADD CONSTRAINT "regiment_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regiment_registrations" ADD CONSTRAINT "regiment_registrations_side_id_sides_id_fk" FOREIGN KEY ("side_id") REFERENCES "public"."sides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regiments" ADD CONSTRAINT "regiments_side_id_sides_id_fk" FOREIGN KEY ("side_id") REFERENCES "public"."sides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regiments" ADD CONSTRAINT "regiments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "officer_registrations_status_idx" ON "officer_registrations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "officers_regiment_id_idx" ON "officers" USING btree ("regiment_id");--> statement-breakpoint
CREATE INDEX "officers_top_idx" ON "officers" USING btree ("average_rating","review_count");--> statement-breakpoint
CREATE INDEX "officers_name_trgm_idx" ON "officers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "officers_rank_trgm_idx" ON "officers" USING gin ("rank" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regiment_registrations_status_idx" ON "regiment_registrations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "regiments_side_rating_idx" ON "regiments" USING btree ("side_id","average_rating");--> statement-breakpoint
CREATE INDEX "regiments_name_trgm_idx" ON "regiments" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regiments_user_id_idx" ON "regiments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_flags_review_idx" ON "review_flags" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_flags_status_idx" ON "review_flags" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "review_votes_user_review_idx" ON "review_votes" USING btree ("user_id","review_id");--> statement-breakpoint
CREATE INDEX "review_votes_review_idx" ON "review_votes" USING btree ("review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_officer_idx" ON "reviews" USING btree ("user_id","officer_id");--> statement-breakpoint
CREATE INDEX "reviews_officer_created_idx" ON "reviews" USING btree ("officer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_officer_id_idx" ON "users" USING btree ("officer_id");