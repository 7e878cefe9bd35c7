CREATE TABLE "blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_number" varchar(20),
	"phone" varchar(16),
	"name" varchar(64) NOT NULL,
	"remarks" varchar(500),
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "blacklist_has_number" CHECK ("blacklist"."id_number" IS NOT NULL OR "blacklist"."phone" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_id_number_uq" ON "blacklist" USING btree ("id_number") WHERE "blacklist"."id_number" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_phone_uq" ON "blacklist" USING btree ("phone") WHERE "blacklist"."phone" IS NOT NULL;