CREATE TABLE "staff_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" varchar(64) NOT NULL,
	"name_en" varchar(64) NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"max_approved_amount" numeric(16, 2),
	"unlimited" boolean DEFAULT false NOT NULL,
	"state" varchar(16) DEFAULT 'normal' NOT NULL,
	"remarks" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "staff_levels_limit" CHECK (("staff_levels"."unlimited" and "staff_levels"."max_approved_amount" is null) or (not "staff_levels"."unlimited" and "staff_levels"."max_approved_amount" >= 0))
);
--> statement-breakpoint
CREATE TABLE "referral_agents" (
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
	"br_no" varchar(8),
	"licence_no" varchar(32),
	"commission_kind" varchar(16) NOT NULL,
	"commission" numeric(16, 2) NOT NULL,
	"agreement_start" date,
	"agreement_end" date,
	"no_borrower_fee" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "level_id" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_level_id_staff_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."staff_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "level";--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "privilege";--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "max_approved_amount";--> statement-breakpoint
-- hand-written
ALTER TABLE "staff_levels" ADD CONSTRAINT "staff_levels_state_check" CHECK ("state" IN ('normal', 'disabled'));
--> statement-breakpoint
ALTER TABLE "referral_agents" ADD CONSTRAINT "referral_agents_state_check" CHECK ("state" IN ('normal', 'disabled'));
--> statement-breakpoint
ALTER TABLE "referral_agents" ADD CONSTRAINT "referral_agents_commission_check" CHECK (
  "commission" >= 0 AND ("commission_kind" = 'fixed' OR ("commission_kind" = 'percent' AND "commission" <= 100)));
--> statement-breakpoint
ALTER TABLE "referral_agents" ADD CONSTRAINT "referral_agents_agreement_check" CHECK ("agreement_end" IS NULL OR "agreement_start" IS NULL OR "agreement_end" >= "agreement_start");
--> statement-breakpoint
CREATE INDEX "staff_level_id_idx" ON "staff" ("level_id");
