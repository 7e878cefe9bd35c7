CREATE TABLE "sms_gateway" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"provider" varchar(16) DEFAULT 'outbox' NOT NULL,
	"url" varchar(500),
	"username" varchar(128),
	"password" varchar(256),
	"token" varchar(256),
	"sender_id" varchar(11),
	"timeout_ms" integer DEFAULT 10000 NOT NULL,
	"rate_per_second" integer DEFAULT 5 NOT NULL,
	"schedule_enabled" boolean DEFAULT false NOT NULL,
	"schedule_time" varchar(5) DEFAULT '09:00' NOT NULL,
	"schedule_last_run" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "sms_gateway_one_row" CHECK ("sms_gateway"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"due_date" date NOT NULL,
	"language" varchar(8) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"text" text NOT NULL,
	"segments" smallint NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_ref" varchar(128),
	"provider_error" varchar(500),
	"sent_at" timestamp with time zone,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "sms_messages_once" UNIQUE("loan_id","kind","due_date"),
	CONSTRAINT "sms_messages_status" CHECK ("sms_messages"."status" in ('queued','sending','sent','failed')),
	CONSTRAINT "sms_messages_kind" CHECK ("sms_messages"."kind" in ('overdue','upcoming','almostComplete','complete'))
);
--> statement-breakpoint
CREATE TABLE "sms_preferences" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"opted_out" boolean DEFAULT false NOT NULL,
	"language" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"language" varchar(8) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "sms_templates_kind_language" UNIQUE("kind","language"),
	CONSTRAINT "sms_templates_kind" CHECK ("sms_templates"."kind" in ('overdue','upcoming','almostComplete','complete')),
	CONSTRAINT "sms_templates_language" CHECK ("sms_templates"."language" in ('zh-TW','en'))
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_preferences" ADD CONSTRAINT "sms_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_due" ON "sms_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_messages_store_created" ON "sms_messages" USING btree ("store_id","created_at");--> statement-breakpoint
-- hand-written
SELECT harbour_store_owned('sms_messages');--> statement-breakpoint
INSERT INTO "sms_gateway" ("id") VALUES (1) ON CONFLICT DO NOTHING;
