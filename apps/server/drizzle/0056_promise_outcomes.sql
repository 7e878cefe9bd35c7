ALTER TABLE "collection_contacts" ADD COLUMN "promise_state" varchar(8);--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD COLUMN "promise_decided_on" date;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD COLUMN "promise_received" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_promise_state" CHECK ("collection_contacts"."promise_state" is null or "collection_contacts"."promise_state" in ('kept','broken','open'));