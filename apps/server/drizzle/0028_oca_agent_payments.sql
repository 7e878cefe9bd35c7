CREATE TABLE "oca_agent_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"voids_id" integer,
	"paid_on" date NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"method" varchar(16) NOT NULL,
	"remarks" varchar(1000),
	"journal_entry_id" bigint NOT NULL,
	"idempotency_key" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "oca_agent_payments_voids_id_unique" UNIQUE("voids_id"),
	CONSTRAINT "oca_agent_payments_idempotency" UNIQUE("store_id","idempotency_key"),
	CONSTRAINT "oca_agent_payments_kind" CHECK ("oca_agent_payments"."kind" in ('payment','void') and ("oca_agent_payments"."kind" = 'void') = ("oca_agent_payments"."voids_id" is not null)),
	CONSTRAINT "oca_agent_payments_amount" CHECK ("oca_agent_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "loan_oca_recovery_voids" ALTER COLUMN "journal_entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "oca_agent_payments" ADD CONSTRAINT "oca_agent_payments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oca_agent_payments" ADD CONSTRAINT "oca_agent_payments_agent_id_oca_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."oca_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oca_agent_payments" ADD CONSTRAINT "oca_agent_payments_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oca_agent_payments_agent" ON "oca_agent_payments" USING btree ("store_id","agent_id","id");--> statement-breakpoint
-- hand-written
SELECT harbour_store_owned('oca_agent_payments');--> statement-breakpoint
-- Payments to agents are written once, like the journal they post to: a void is a new row.
CREATE TRIGGER oca_agent_payments_no_update_delete BEFORE UPDATE OR DELETE ON oca_agent_payments
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();
