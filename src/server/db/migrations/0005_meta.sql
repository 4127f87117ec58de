CREATE TYPE "public"."meta_sync_kind" AS ENUM('backfill', 'refresh');--> statement-breakpoint
CREATE TYPE "public"."meta_sync_status" AS ENUM('pending', 'running', 'ok', 'error');--> statement-breakpoint
CREATE TABLE "meta_connections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"facebook_user_id" text NOT NULL,
	"key_id" text NOT NULL,
	"iv" text NOT NULL,
	"ciphertext" text NOT NULL,
	"tag" text NOT NULL,
	"scopes" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta_reach" (
	"account_id" text NOT NULL,
	"level" text NOT NULL,
	"object_id" text NOT NULL,
	"since" date NOT NULL,
	"until" date NOT NULL,
	"reach" numeric NOT NULL,
	"impressions" numeric NOT NULL,
	"frequency" numeric,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_reach_level_object_id_since_until_pk" PRIMARY KEY("level","object_id","since","until")
);
--> statement-breakpoint
CREATE TABLE "meta_sync_state" (
	"account_id" text PRIMARY KEY NOT NULL,
	"status" "meta_sync_status" DEFAULT 'pending' NOT NULL,
	"kind" "meta_sync_kind" DEFAULT 'backfill' NOT NULL,
	"since" date,
	"until" date,
	"cursor" date,
	"lease_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"rows" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_ad_accounts" (
	"user_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_ad_accounts_user_id_account_id_pk" PRIMARY KEY("user_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "meta_connections" ADD CONSTRAINT "meta_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ad_accounts" ADD CONSTRAINT "user_ad_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meta_reach_account_idx" ON "meta_reach" USING btree ("account_id","since","until");--> statement-breakpoint
CREATE INDEX "user_ad_accounts_account_idx" ON "user_ad_accounts" USING btree ("account_id");