CREATE TABLE "autopay_instructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"instruction_id" varchar(32) NOT NULL,
	"tenor" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"creditor_reference" varchar(32) NOT NULL,
	"bank_code" varchar(3) NOT NULL,
	"branch_code" varchar(3) NOT NULL,
	"account_no" varchar(32) NOT NULL,
	"account_name" varchar(128) NOT NULL,
	"status" varchar(16) DEFAULT 'sent' NOT NULL,
	"reason" varchar(255),
	"repayment_id" integer,
	"result_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "autopay_instructions_instruction_id_unique" UNIQUE("instruction_id"),
	CONSTRAINT "autopay_instructions_run_loan" UNIQUE("run_id","loan_id"),
	CONSTRAINT "autopay_instructions_status" CHECK ("autopay_instructions"."status" in ('sent','paid','rejected')),
	CONSTRAINT "autopay_instructions_outcome" CHECK (("autopay_instructions"."status" = 'paid') = ("autopay_instructions"."repayment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "autopay_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"instruction_count" integer NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_kind";--> statement-breakpoint
ALTER TABLE "sms_templates" DROP CONSTRAINT "sms_templates_kind";--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "fps_proxy_type" varchar(8);--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "fps_proxy_value" varchar(64);--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "fps_merchant_name" varchar(25);--> statement-breakpoint
ALTER TABLE "autopay_instructions" ADD CONSTRAINT "autopay_instructions_run_id_autopay_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."autopay_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_instructions" ADD CONSTRAINT "autopay_instructions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_instructions" ADD CONSTRAINT "autopay_instructions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_instructions" ADD CONSTRAINT "autopay_instructions_repayment_id_loan_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."loan_repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autopay_instructions_store_status" ON "autopay_instructions" USING btree ("store_id","status");--> statement-breakpoint
CREATE INDEX "autopay_runs_store_due" ON "autopay_runs" USING btree ("store_id","due_date");--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_kind" CHECK ("sms_messages"."kind" in ('overdue','upcoming','almostComplete','complete','autopayRejected'));--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_kind" CHECK ("sms_templates"."kind" in ('overdue','upcoming','almostComplete','complete','autopayRejected'));--> statement-breakpoint
SELECT harbour_store_owned('autopay_runs');--> statement-breakpoint
SELECT harbour_store_owned('autopay_instructions');