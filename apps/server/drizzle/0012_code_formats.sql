CREATE TABLE "code_counters" (
	"kind" varchar(16) NOT NULL,
	"store_key" integer NOT NULL,
	"period" varchar(8) NOT NULL,
	"value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "code_counters_kind_store_key_period_pk" PRIMARY KEY("kind","store_key","period"),
	CONSTRAINT "code_counters_value_positive" CHECK ("code_counters"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "code_formats" (
	"kind" varchar(16) PRIMARY KEY NOT NULL,
	"prefix" varchar(6) NOT NULL,
	"include_store_code" boolean NOT NULL,
	"date_part" varchar(8) NOT NULL,
	"seq_width" integer NOT NULL,
	"reset" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "code" varchar(6);--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_code_unique" UNIQUE("code");--> statement-breakpoint
-- hand-written
-- Stores made before codes existed get S<id>; from here on every store has a code.
UPDATE "stores" SET "code" = 'S' || "id" WHERE "code" IS NULL;
--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "code" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_code_check" CHECK ("code" ~ '^[A-Z0-9]{1,6}$');
--> statement-breakpoint
ALTER TABLE "code_formats" ADD CONSTRAINT "code_formats_kind_check" CHECK ("kind" IN ('applyNo', 'loanNo', 'repayNo', 'customerCode'));
--> statement-breakpoint
ALTER TABLE "code_counters" ADD CONSTRAINT "code_counters_kind_check" CHECK ("kind" IN ('applyNo', 'loanNo', 'repayNo', 'customerCode'));
