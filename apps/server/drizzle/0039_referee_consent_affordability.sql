ALTER TABLE "loan_partakers" DROP CONSTRAINT "loan_partakers_role";--> statement-breakpoint
ALTER TABLE "loan_approvals" ADD COLUMN "monthly_income" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "loan_approvals" ADD COLUMN "existing_instalments" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "loan_approvals" ADD COLUMN "new_monthly_instalment" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "loan_approvals" ADD COLUMN "dti_ratio" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "loan_approvals" ADD COLUMN "dti_limit" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "loan_approvals" ADD COLUMN "affordability_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "loan_partakers" ADD COLUMN "consent_on" date;--> statement-breakpoint
ALTER TABLE "loan_partakers" ADD COLUMN "consent_method" varchar(16);--> statement-breakpoint
ALTER TABLE "loan_partakers" ADD COLUMN "consent_recorded_by" integer;--> statement-breakpoint
ALTER TABLE "loan_partakers" ADD CONSTRAINT "loan_partakers_consent_recorded_by_staff_id_fk" FOREIGN KEY ("consent_recorded_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_partakers" ADD CONSTRAINT "loan_partakers_consent" CHECK (("loan_partakers"."consent_on" is null) = ("loan_partakers"."consent_method" is null) and ("loan_partakers"."consent_method" is null or "loan_partakers"."consent_method" in ('written','verbal-recorded','electronic')));--> statement-breakpoint
ALTER TABLE "loan_partakers" ADD CONSTRAINT "loan_partakers_role" CHECK ("loan_partakers"."role" in ('guarantor','joint','consultant','referee'));