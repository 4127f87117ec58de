ALTER TABLE "meta_insights_daily" DROP COLUMN "actions";--> statement-breakpoint
ALTER TABLE "meta_insights_daily" DROP COLUMN "action_values";