CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"login_type" varchar(8) NOT NULL,
	"login_name" varchar(128) NOT NULL,
	"display_name" varchar(64) NOT NULL,
	"preferred_language" varchar(8) DEFAULT 'zh-TW' NOT NULL,
	"source" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "members_login_type_check" CHECK ("members"."login_type" IN ('mobile', 'email')),
	CONSTRAINT "members_language_check" CHECK ("members"."preferred_language" IN ('zh-TW', 'en', 'zh-CN')),
	CONSTRAINT "members_source_check" CHECK ("members"."source" IN ('website', 'app')),
	CONSTRAINT "members_status_check" CHECK ("members"."status" IN ('active', 'disabled'))
);
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_login_name_uq" ON "members" USING btree (lower("login_name"));--> statement-breakpoint
CREATE INDEX "members_customer_idx" ON "members" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "members_registered_at_idx" ON "members" USING btree ("registered_at");--> statement-breakpoint
CREATE INDEX "members_display_name_idx" ON "members" USING btree ("display_name");