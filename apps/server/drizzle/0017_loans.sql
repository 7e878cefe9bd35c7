CREATE TABLE "loan_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"decision" varchar(16) NOT NULL,
	"decided_on" date NOT NULL,
	"staff_id" integer NOT NULL,
	"undoes_id" integer,
	"overdue_rate" numeric(12, 8),
	"upfront_interest" numeric(16, 2),
	"early_settle_lock_months" smallint,
	"late_drawdown_fee" numeric(16, 2),
	"overdue_penalty" numeric(16, 2),
	"lock_period_fee" numeric(16, 2),
	"handling_fee" numeric(16, 2),
	"place_of_negotiation" varchar(128),
	"actual_received_amount" numeric(16, 2),
	"first_due_date" date,
	"last_due_date" date,
	"extended_interest" numeric(16, 2),
	"extended_days" smallint,
	"remarks" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_approvals_decision" CHECK ("loan_approvals"."decision" in ('approve','reject','return','undo'))
);
--> statement-breakpoint
CREATE TABLE "loan_collaterals" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"owner_name" varchar(128) NOT NULL,
	"owner_id_number" varchar(32),
	"address" varchar(255) NOT NULL,
	"usable_area" numeric(10, 2),
	"building_area" numeric(10, 2),
	"completion_year" smallint,
	"property_type" varchar(64),
	"purpose" varchar(64),
	"bought_on" date,
	"buy_price" numeric(16, 2),
	"mortgage_balance" numeric(16, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "loan_credit_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"credit_name" varchar(128) NOT NULL,
	"credit_type" varchar(64),
	"loan_amount" numeric(16, 2),
	"instalment_amount" numeric(16, 2),
	"outstanding_tenors" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "loan_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"mime_type" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(128) NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "loan_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"tenor" smallint NOT NULL,
	"due_date" date NOT NULL,
	"principal" numeric(16, 2) NOT NULL,
	"interest" numeric(16, 2) NOT NULL,
	"instalment" numeric(16, 2) NOT NULL,
	"balance" numeric(16, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_instalments_tenor" UNIQUE("loan_id","tenor")
);
--> statement-breakpoint
CREATE TABLE "loan_partakers" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"role" varchar(16) NOT NULL,
	"relation" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_partakers_once" UNIQUE("loan_id","customer_id"),
	CONSTRAINT "loan_partakers_role" CHECK ("loan_partakers"."role" in ('guarantor','joint','consultant'))
);
--> statement-breakpoint
CREATE TABLE "loan_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"payout_date" date NOT NULL,
	"method" varchar(16) NOT NULL,
	"cheque_no" varchar(32),
	"upfront_deducted" numeric(16, 2) NOT NULL,
	"late_drawdown_fee" numeric(16, 2) NOT NULL,
	"amount_received" numeric(16, 2) NOT NULL,
	"remarks" varchar(1000),
	"journal_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_payouts_loan_id_unique" UNIQUE("loan_id"),
	CONSTRAINT "loan_payouts_method" CHECK ("loan_payouts"."method" in ('cash','cheque')),
	CONSTRAINT "loan_payouts_cheque" CHECK ("loan_payouts"."method" <> 'cheque' or "loan_payouts"."cheque_no" is not null)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"apply_no" varchar(32) NOT NULL,
	"loan_no" varchar(32),
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"customer_id" integer NOT NULL,
	"loan_type" varchar(32) NOT NULL,
	"reloan_of_id" integer,
	"apply_date" date NOT NULL,
	"loan_date" date NOT NULL,
	"interest_start_date" date NOT NULL,
	"first_due_date" date,
	"loan_amount" numeric(16, 2) NOT NULL,
	"flat_rate" numeric(12, 8),
	"effective_rate" numeric(12, 8),
	"interest_method" varchar(16) NOT NULL,
	"repay_cycle" varchar(16) NOT NULL,
	"cycle_months" smallint,
	"cycle_days" smallint,
	"total_tenor" smallint NOT NULL,
	"rule_of_78" boolean DEFAULT false NOT NULL,
	"max_interest" numeric(16, 2),
	"instalment_amount" numeric(16, 2) NOT NULL,
	"total_interest" numeric(16, 2) NOT NULL,
	"mlo_rate" numeric(12, 8) NOT NULL,
	"mlo_status" varchar(16) NOT NULL,
	"loan_purpose" varchar(32),
	"payout_method" varchar(32),
	"staff_id" integer NOT NULL,
	"referral_agent_id" integer,
	"autopay_ref_no" varchar(32),
	"autopay_bank_name" varchar(128),
	"autopay_account_name" varchar(128),
	"autopay_bank_code" varchar(3),
	"autopay_branch_code" varchar(3),
	"autopay_account_no" varchar(32),
	"remarks" varchar(1000),
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"blacklist_override_reason" varchar(500),
	"blacklist_override_by" integer,
	"cancel_reason" varchar(500),
	"signed_note_received_on" date,
	"signed_note_received_by" integer,
	"payout_date" date,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loans_apply_no_unique" UNIQUE("apply_no"),
	CONSTRAINT "loans_loan_no_unique" UNIQUE("loan_no"),
	CONSTRAINT "loans_status" CHECK ("loans"."status" in ('pending','wait_approve','approved','repaying','complete','reloaned','reject','cancel','oca','bad')),
	CONSTRAINT "loans_one_rate" CHECK (("loans"."flat_rate" is null) <> ("loans"."effective_rate" is null)),
	CONSTRAINT "loans_amount_positive" CHECK ("loans"."loan_amount" > 0),
	CONSTRAINT "loans_tenor_positive" CHECK ("loans"."total_tenor" > 0),
	CONSTRAINT "loans_dates" CHECK ("loans"."loan_date" <= "loans"."interest_start_date"),
	CONSTRAINT "loans_interest_method" CHECK ("loans"."interest_method" in ('amortization','interest-first')),
	CONSTRAINT "loans_repay_cycle" CHECK ("loans"."repay_cycle" in ('monthly','twice-monthly','biweekly','every-n-days')),
	CONSTRAINT "loans_mlo_status" CHECK ("loans"."mlo_status" in ('ok','extortionate','illegal'))
);
--> statement-breakpoint
ALTER TABLE "blacklist" ALTER COLUMN "id_number" SET DATA TYPE varchar(32);--> statement-breakpoint
ALTER TABLE "blacklist" ALTER COLUMN "phone" SET DATA TYPE varchar(32);--> statement-breakpoint
ALTER TABLE "blacklist" ALTER COLUMN "name" SET DATA TYPE varchar(128);--> statement-breakpoint
ALTER TABLE "loan_approvals" ADD CONSTRAINT "loan_approvals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_approvals" ADD CONSTRAINT "loan_approvals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_approvals" ADD CONSTRAINT "loan_approvals_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_collaterals" ADD CONSTRAINT "loan_collaterals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_collaterals" ADD CONSTRAINT "loan_collaterals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_credit_references" ADD CONSTRAINT "loan_credit_references_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_credit_references" ADD CONSTRAINT "loan_credit_references_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_documents" ADD CONSTRAINT "loan_documents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_documents" ADD CONSTRAINT "loan_documents_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_partakers" ADD CONSTRAINT "loan_partakers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_partakers" ADD CONSTRAINT "loan_partakers_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_partakers" ADD CONSTRAINT "loan_partakers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payouts" ADD CONSTRAINT "loan_payouts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payouts" ADD CONSTRAINT "loan_payouts_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payouts" ADD CONSTRAINT "loan_payouts_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_referral_agent_id_referral_agents_id_fk" FOREIGN KEY ("referral_agent_id") REFERENCES "public"."referral_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_submitted_by_staff_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_blacklist_override_by_staff_id_fk" FOREIGN KEY ("blacklist_override_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_signed_note_received_by_staff_id_fk" FOREIGN KEY ("signed_note_received_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_approvals_loan" ON "loan_approvals" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_approvals_decided" ON "loan_approvals" USING btree ("store_id","decided_on");--> statement-breakpoint
CREATE INDEX "loan_collaterals_loan" ON "loan_collaterals" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_credit_references_loan" ON "loan_credit_references" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_documents_loan" ON "loan_documents" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_instalments_due" ON "loan_instalments" USING btree ("store_id","due_date");--> statement-breakpoint
CREATE INDEX "loan_partakers_customer" ON "loan_partakers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "loan_payouts_date" ON "loan_payouts" USING btree ("store_id","payout_date");--> statement-breakpoint
CREATE INDEX "loans_store_status" ON "loans" USING btree ("store_id","status");--> statement-breakpoint
CREATE INDEX "loans_customer" ON "loans" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "loans_apply_date" ON "loans" USING btree ("store_id","apply_date");--> statement-breakpoint
CREATE INDEX "loans_payout_date" ON "loans" USING btree ("store_id","payout_date");--> statement-breakpoint
CREATE INDEX "loans_staff" ON "loans" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "loans_reloan_of" ON "loans" USING btree ("reloan_of_id");--> statement-breakpoint
ALTER TABLE "blacklist" ADD CONSTRAINT "blacklist_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written
SELECT harbour_store_owned('loans');--> statement-breakpoint
SELECT harbour_store_owned('loan_partakers');--> statement-breakpoint
SELECT harbour_store_owned('loan_credit_references');--> statement-breakpoint
SELECT harbour_store_owned('loan_collaterals');--> statement-breakpoint
SELECT harbour_store_owned('loan_documents');--> statement-breakpoint
SELECT harbour_store_owned('loan_approvals');--> statement-breakpoint
SELECT harbour_store_owned('loan_payouts');--> statement-breakpoint
SELECT harbour_store_owned('loan_instalments');--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_reloan_of_fk" FOREIGN KEY ("reloan_of_id") REFERENCES "loans"("id");--> statement-breakpoint
ALTER TABLE "loan_approvals" ADD CONSTRAINT "loan_approvals_undoes_fk" FOREIGN KEY ("undoes_id") REFERENCES "loan_approvals"("id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "loans"("id");
