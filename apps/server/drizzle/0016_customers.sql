CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_code" varchar(32) NOT NULL,
	"type" varchar(16) NOT NULL,
	"name" varchar(128) NOT NULL,
	"english_name" varchar(128),
	"gender" varchar(1),
	"date_of_birth" date,
	"id_type" varchar(32) NOT NULL,
	"id_number" varchar(32) NOT NULL,
	"mobile1" varchar(32) NOT NULL,
	"mobile2" varchar(32),
	"mobile3" varchar(32),
	"home_no" varchar(32),
	"email" varchar(128),
	"marital" varchar(32),
	"education" varchar(32),
	"residential_type" varchar(32),
	"source" varchar(32),
	"residential_address" text,
	"mailing_address" text,
	"living_from" date,
	"occupy_with" text,
	"company_name" varchar(128),
	"company_address" text,
	"office_no" varchar(32),
	"direct_line" varchar(32),
	"fax" varchar(32),
	"career" varchar(64),
	"department" varchar(64),
	"position" varchar(64),
	"employment_type" varchar(64),
	"work_from" date,
	"salary" numeric(16, 2),
	"income_proof" text,
	"list_status" varchar(8) DEFAULT 'white' NOT NULL,
	"list_status_reason" text,
	"remarks" text,
	"registered_store_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "customers_customer_code_unique" UNIQUE("customer_code"),
	CONSTRAINT "customers_type_check" CHECK ("customers"."type" IN ('personal', 'company')),
	CONSTRAINT "customers_gender_check" CHECK ("customers"."gender" IS NULL OR "customers"."gender" IN ('M', 'F')),
	CONSTRAINT "customers_list_status_check" CHECK ("customers"."list_status" IN ('white', 'black'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_registered_store_id_stores_id_fk" FOREIGN KEY ("registered_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_id_type_number_uq" ON "customers" USING btree ("id_type","id_number");--> statement-breakpoint
CREATE INDEX "customers_id_number_idx" ON "customers" USING btree ("id_number");--> statement-breakpoint
CREATE INDEX "customers_mobile1_idx" ON "customers" USING btree ("mobile1");--> statement-breakpoint
CREATE INDEX "customers_mobile2_idx" ON "customers" USING btree ("mobile2");--> statement-breakpoint
CREATE INDEX "customers_mobile3_idx" ON "customers" USING btree ("mobile3");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name");