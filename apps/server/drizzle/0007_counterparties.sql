CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" varchar(128) NOT NULL,
	"name_en" varchar(128) NOT NULL,
	"contact_name" varchar(64),
	"phone" varchar(32),
	"email" varchar(128),
	"address" varchar(255),
	"remarks" varchar(500),
	"state" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"bank_code" varchar(3)
);
--> statement-breakpoint
CREATE TABLE "oca_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" varchar(128) NOT NULL,
	"name_en" varchar(128) NOT NULL,
	"contact_name" varchar(64),
	"phone" varchar(32),
	"email" varchar(128),
	"address" varchar(255),
	"remarks" varchar(500),
	"state" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"charge_percent" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" varchar(128) NOT NULL,
	"name_en" varchar(128) NOT NULL,
	"contact_name" varchar(64),
	"phone" varchar(32),
	"email" varchar(128),
	"address" varchar(255),
	"remarks" varchar(500),
	"state" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"firm" varchar(128)
);
--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_state_check" CHECK ("state" IN ('normal', 'disabled'));
--> statement-breakpoint
ALTER TABLE "solicitors" ADD CONSTRAINT "solicitors_state_check" CHECK ("state" IN ('normal', 'disabled'));
--> statement-breakpoint
ALTER TABLE "oca_agents" ADD CONSTRAINT "oca_agents_state_check" CHECK ("state" IN ('normal', 'disabled'));
--> statement-breakpoint
ALTER TABLE "oca_agents" ADD CONSTRAINT "oca_agents_charge_percent_check" CHECK ("charge_percent" >= 0 AND "charge_percent" <= 100);
