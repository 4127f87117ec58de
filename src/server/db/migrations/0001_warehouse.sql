CREATE TABLE "meta_ad_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"timezone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta_ads" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"adset_id" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta_adsets" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta_campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"objective" text
);
--> statement-breakpoint
CREATE TABLE "meta_insights_campaign_daily" (
	"campaign_id" text NOT NULL,
	"day" date NOT NULL,
	"account_id" text NOT NULL,
	"impressions" numeric DEFAULT '0' NOT NULL,
	"reach" numeric DEFAULT '0' NOT NULL,
	"clicks" numeric DEFAULT '0' NOT NULL,
	"link_clicks" numeric DEFAULT '0' NOT NULL,
	"spend" numeric DEFAULT '0' NOT NULL,
	"purchases" numeric DEFAULT '0' NOT NULL,
	"leads" numeric DEFAULT '0' NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	"post_engagements" numeric DEFAULT '0' NOT NULL,
	"post_reactions" numeric DEFAULT '0' NOT NULL,
	"post_comments" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "meta_insights_campaign_daily_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "meta_insights_daily" (
	"ad_id" text NOT NULL,
	"day" date NOT NULL,
	"account_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"adset_id" text NOT NULL,
	"impressions" numeric DEFAULT '0' NOT NULL,
	"reach" numeric DEFAULT '0' NOT NULL,
	"clicks" numeric DEFAULT '0' NOT NULL,
	"link_clicks" numeric DEFAULT '0' NOT NULL,
	"spend" numeric DEFAULT '0' NOT NULL,
	"purchases" numeric DEFAULT '0' NOT NULL,
	"leads" numeric DEFAULT '0' NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	"post_engagements" numeric DEFAULT '0' NOT NULL,
	"post_reactions" numeric DEFAULT '0' NOT NULL,
	"post_comments" numeric DEFAULT '0' NOT NULL,
	"actions" json DEFAULT '[]'::json NOT NULL,
	"action_values" json DEFAULT '[]'::json NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_insights_daily_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE INDEX "meta_ads_account_idx" ON "meta_ads" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "meta_adsets_account_idx" ON "meta_adsets" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "meta_campaigns_account_idx" ON "meta_campaigns" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "meta_campaign_daily_account_day_idx" ON "meta_insights_campaign_daily" USING btree ("account_id","day");--> statement-breakpoint
CREATE INDEX "meta_insights_account_day_idx" ON "meta_insights_daily" USING btree ("account_id","day");