CREATE TABLE "form_layout_fields" (
	"loan_type" varchar(32) NOT NULL,
	"field_key" varchar(32) NOT NULL,
	"shown" boolean NOT NULL,
	"required" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "form_layout_fields_loan_type_field_key_pk" PRIMARY KEY("loan_type","field_key"),
	CONSTRAINT "form_layout_fields_required_shown" CHECK ("form_layout_fields"."shown" OR NOT "form_layout_fields"."required")
);
