CREATE TABLE "meta_insights_ad_windows" (
	"account_id" text NOT NULL,
	"since" date NOT NULL,
	"until" date NOT NULL,
	"ad_id" text NOT NULL,
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
	CONSTRAINT "meta_insights_ad_windows_account_id_since_until_ad_id_pk" PRIMARY KEY("account_id","since","until","ad_id")
);
--> statement-breakpoint
CREATE TABLE "meta_insights_windows" (
	"account_id" text NOT NULL,
	"since" date NOT NULL,
	"until" date NOT NULL,
	CONSTRAINT "meta_insights_windows_account_id_since_until_pk" PRIMARY KEY("account_id","since","until")
);
