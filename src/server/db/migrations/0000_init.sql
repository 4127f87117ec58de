CREATE TYPE "public"."user_status" AS ENUM('signup', 'active', 'trial', 'payment', 'paused');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('basic', 'pro');--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" "user_status" DEFAULT 'signup' NOT NULL,
	"user_type" "user_type" DEFAULT 'basic' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
