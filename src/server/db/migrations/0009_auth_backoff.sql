-- Failures recorded before this change have no source; they only ever fed the account lock it removes.
DELETE FROM "login_failures";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "source" text NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_source_at_idx" ON "login_failures" USING btree ("source","at");--> statement-breakpoint
CREATE TABLE "code_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_sends" ADD CONSTRAINT "code_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_sends_user_purpose_source_at_idx" ON "code_sends" USING btree ("user_id","purpose","source","at");
