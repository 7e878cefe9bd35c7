CREATE TABLE "setting_definitions" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"group" varchar(32) NOT NULL,
	"sort" integer NOT NULL,
	"listed" boolean NOT NULL,
	"editable" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "updated_by" integer;