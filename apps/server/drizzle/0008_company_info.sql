CREATE TABLE "company_info" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name_zh" varchar(100) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"licence_no" varchar(32) NOT NULL,
	"br_no" varchar(32),
	"address_zh" varchar(255),
	"address_en" varchar(255),
	"phone" varchar(24),
	"fax" varchar(24),
	"email" varchar(128),
	"website" varchar(255),
	"logo" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "company_info_single_row" CHECK ("company_info"."id" = 1)
);
