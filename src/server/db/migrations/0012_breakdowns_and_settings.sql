ALTER TABLE "meta_insights_daily" ADD COLUMN "landing_page_views" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_daily" ADD COLUMN "content_views" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_daily" ADD COLUMN "adds_to_cart" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_daily" ADD COLUMN "checkouts_initiated" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_daily" ADD COLUMN "video_views_3s" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_daily" ADD COLUMN "thruplays" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_daily" ADD COLUMN "video_p25" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_daily" ADD COLUMN "video_p50" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_daily" ADD COLUMN "video_p75" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_daily" ADD COLUMN "video_p95" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_daily" ADD COLUMN "video_p100" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_campaign_daily" ADD COLUMN "landing_page_views" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_campaign_daily" ADD COLUMN "content_views" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_campaign_daily" ADD COLUMN "adds_to_cart" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_campaign_daily" ADD COLUMN "checkouts_initiated" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_campaign_daily" ADD COLUMN "video_views_3s" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_campaign_daily" ADD COLUMN "thruplays" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_campaign_daily" ADD COLUMN "video_p25" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_campaign_daily" ADD COLUMN "video_p50" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_campaign_daily" ADD COLUMN "video_p75" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_campaign_daily" ADD COLUMN "video_p95" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_insights_campaign_daily" ADD COLUMN "video_p100" numeric DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_campaigns" ADD COLUMN "status" text;
--> statement-breakpoint
ALTER TABLE "meta_campaigns" ADD COLUMN "effective_status" text;
--> statement-breakpoint
ALTER TABLE "meta_campaigns" ADD COLUMN "daily_budget" numeric;
--> statement-breakpoint
ALTER TABLE "meta_campaigns" ADD COLUMN "lifetime_budget" numeric;
--> statement-breakpoint
ALTER TABLE "meta_campaigns" ADD COLUMN "bid_strategy" text;
--> statement-breakpoint
ALTER TABLE "meta_campaigns" ADD COLUMN "start_time" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "meta_campaigns" ADD COLUMN "stop_time" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "meta_campaigns" ADD COLUMN "settings_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "meta_adsets" ADD COLUMN "status" text;
--> statement-breakpoint
ALTER TABLE "meta_adsets" ADD COLUMN "effective_status" text;
--> statement-breakpoint
ALTER TABLE "meta_adsets" ADD COLUMN "daily_budget" numeric;
--> statement-breakpoint
ALTER TABLE "meta_adsets" ADD COLUMN "lifetime_budget" numeric;
--> statement-breakpoint
ALTER TABLE "meta_adsets" ADD COLUMN "bid_strategy" text;
--> statement-breakpoint
ALTER TABLE "meta_adsets" ADD COLUMN "optimization_goal" text;
--> statement-breakpoint
ALTER TABLE "meta_adsets" ADD COLUMN "settings_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "meta_ads" ADD COLUMN "status" text;
--> statement-breakpoint
ALTER TABLE "meta_ads" ADD COLUMN "effective_status" text;
--> statement-breakpoint
ALTER TABLE "meta_ads" ADD COLUMN "creative_id" text;
--> statement-breakpoint
ALTER TABLE "meta_ads" ADD COLUMN "format" text;
--> statement-breakpoint
ALTER TABLE "meta_ads" ADD COLUMN "thumbnail_url" text;
--> statement-breakpoint
ALTER TABLE "meta_ads" ADD COLUMN "title" text;
--> statement-breakpoint
ALTER TABLE "meta_ads" ADD COLUMN "body" text;
--> statement-breakpoint
ALTER TABLE "meta_ads" ADD COLUMN "call_to_action" text;
--> statement-breakpoint
ALTER TABLE "meta_ads" ADD COLUMN "settings_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "meta_insights_breakdown_daily" (
	"breakdown" text NOT NULL,
	"adset_id" text NOT NULL,
	"day" date NOT NULL,
	"segment" text NOT NULL,
	"account_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"age" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"publisher_platform" text DEFAULT '' NOT NULL,
	"platform_position" text DEFAULT '' NOT NULL,
	"device_platform" text DEFAULT '' NOT NULL,
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
	"landing_page_views" numeric DEFAULT '0' NOT NULL,
	"content_views" numeric DEFAULT '0' NOT NULL,
	"adds_to_cart" numeric DEFAULT '0' NOT NULL,
	"checkouts_initiated" numeric DEFAULT '0' NOT NULL,
	"video_views_3s" numeric DEFAULT '0' NOT NULL,
	"thruplays" numeric DEFAULT '0' NOT NULL,
	"video_p25" numeric DEFAULT '0' NOT NULL,
	"video_p50" numeric DEFAULT '0' NOT NULL,
	"video_p75" numeric DEFAULT '0' NOT NULL,
	"video_p95" numeric DEFAULT '0' NOT NULL,
	"video_p100" numeric DEFAULT '0' NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_insights_breakdown_daily_breakdown_adset_id_day_segment_pk" PRIMARY KEY("breakdown","adset_id","day","segment")
);
--> statement-breakpoint
CREATE INDEX "meta_breakdown_account_key_day_idx" ON "meta_insights_breakdown_daily" USING btree ("account_id","breakdown","day");
