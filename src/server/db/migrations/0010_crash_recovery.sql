CREATE TABLE "server_boots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meta_sync_state" ADD COLUMN "lease_owner" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "answering_boot" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "quota_day" date;--> statement-breakpoint
CREATE INDEX "chat_messages_answering_idx" ON "chat_messages" USING btree ("answering_boot") WHERE "chat_messages"."answering_boot" is not null;
