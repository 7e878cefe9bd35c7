CREATE TABLE "collection_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"made_on" date NOT NULL,
	"channel" varchar(8) NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"note" varchar(1000),
	"promise_amount" numeric(16, 2),
	"promise_date" date,
	"cancels_id" integer,
	"sms_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "collection_contacts_cancels_id_unique" UNIQUE("cancels_id"),
	CONSTRAINT "collection_contacts_sms_message_id_unique" UNIQUE("sms_message_id"),
	CONSTRAINT "collection_contacts_channel" CHECK ("collection_contacts"."channel" in ('call','sms','visit','letter')),
	CONSTRAINT "collection_contacts_promise" CHECK (("collection_contacts"."outcome" = 'promised') = ("collection_contacts"."promise_amount" is not null and "collection_contacts"."promise_date" is not null)),
	CONSTRAINT "collection_contacts_promise_amount" CHECK ("collection_contacts"."promise_amount" is null or "collection_contacts"."promise_amount" > 0),
	CONSTRAINT "collection_contacts_cancel" CHECK (("collection_contacts"."outcome" = 'cancel') = ("collection_contacts"."cancels_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_sms_message_id_sms_messages_id_fk" FOREIGN KEY ("sms_message_id") REFERENCES "public"."sms_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_contacts_loan" ON "collection_contacts" USING btree ("loan_id","at");--> statement-breakpoint
CREATE INDEX "collection_contacts_promise_date" ON "collection_contacts" USING btree ("store_id","promise_date");--> statement-breakpoint
SELECT harbour_store_owned('collection_contacts');
