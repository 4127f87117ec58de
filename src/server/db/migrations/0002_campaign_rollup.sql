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
CREATE INDEX "meta_campaign_daily_account_day_idx" ON "meta_insights_campaign_daily" USING btree ("account_id","day");