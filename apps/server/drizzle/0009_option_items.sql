CREATE TABLE "option_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" varchar(32) NOT NULL,
	"code" varchar(32) NOT NULL,
	"label_zh_tw" varchar(64) NOT NULL,
	"label_en" varchar(128) NOT NULL,
	"label_zh_cn" varchar(64) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"state" varchar(16) DEFAULT 'normal' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (code || ' ' || label_zh_tw || ' ' || label_en || ' ' || label_zh_cn) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "option_items_category_code_uq" ON "option_items" USING btree ("category","code");--> statement-breakpoint
CREATE INDEX "option_items_category_sort_idx" ON "option_items" USING btree ("category","sort_order");--> statement-breakpoint
-- The options of spec §9, on every database (rules refer to them by code).
INSERT INTO "option_items" ("category", "code", "label_zh_tw", "label_en", "label_zh_cn", "sort_order", "builtin") VALUES
  ('idType', 'hkid', '香港身份證', 'Hong Kong identity card', '香港身份证', 10, true),
  ('idType', 'mainland_id', '內地居民身份證', 'Mainland ID card', '内地居民身份证', 20, true),
  ('idType', 'foreign_passport', '外國護照', 'Foreign passport', '外国护照', 30, true),
  ('idType', 'business_registration', '商業登記證', 'Business registration', '商业登记证', 40, true),
  ('marital', 'single', '單身', 'Single', '单身', 10, true),
  ('marital', 'married', '已婚', 'Married', '已婚', 20, true),
  ('marital', 'separated', '分居', 'Separated', '分居', 30, true),
  ('marital', 'divorced', '離婚', 'Divorced', '离婚', 40, true),
  ('marital', 'widowed', '喪偶', 'Widowed', '丧偶', 50, true),
  ('education', 'primary', '小學', 'Primary', '小学', 10, true),
  ('education', 'secondary', '中學', 'Secondary', '中学', 20, true),
  ('education', 'tertiary', '大專或以上', 'College or above', '大专或以上', 30, true),
  ('education', 'other', '其他', 'Other', '其他', 40, true),
  ('residentialType', 'private', '私人樓宇', 'Private housing', '私人楼宇', 10, true),
  ('residentialType', 'psps', '私人參建居屋', 'Private Sector Participation Scheme (PSPS)', '私人参建居屋', 20, true),
  ('residentialType', 'public_housing', '公共屋邨', 'Public housing', '公共屋邨', 30, true),
  ('residentialType', 'ding_wu', '丁屋', 'Village house (Ding Wu)', '丁屋', 40, true),
  ('residentialType', 'rent', '租住', 'Rented', '租住', 50, true),
  ('source', 'television', '電視', 'Television', '电视', 10, true),
  ('source', 'newspaper', '報紙', 'Newspapers', '报纸', 20, true),
  ('source', 'magazine', '雜誌', 'Magazines', '杂志', 30, true),
  ('loanType', 'private_loan', '私人貸款', 'Private loan', '私人贷款', 10, true),
  ('loanType', 'first_mortgage', '一按', 'First mortgage', '一按', 20, true),
  ('loanType', 'second_mortgage', '二按', 'Second mortgage', '二按', 30, true),
  ('loanType', 'revolving', '循環貸款', 'Revolving loan', '循环贷款', 40, true),
  ('purpose', 'cash_flow', '資金周轉', 'Cash flow', '资金周转', 10, true),
  ('purpose', 'business_turnover', '生意周轉', 'Business turnover', '生意周转', 20, true),
  ('purpose', 'living_expenses', '生活開支', 'Living expenses', '生活开支', 30, true),
  ('purpose', 'debt_repayment', '清還債務', 'Pay off debts', '清还债务', 40, true),
  ('purpose', 'property_purchase', '購買物業', 'Purchase of property', '购买物业', 50, true),
  ('purpose', 'other', '其他', 'Other', '其他', 60, true),
  ('payoutMethod', 'cash', '現金', 'Cash', '现金', 10, true),
  ('payoutMethod', 'cheque', '支票', 'Cheque', '支票', 20, true),
  ('repayCycle', 'monthly', '每月', 'Monthly', '每月', 10, true),
  ('repayCycle', 'twice_monthly', '每月兩次', 'Twice a month', '每月两次', 20, true),
  ('repayCycle', 'biweekly', '每兩星期', 'Every two weeks', '每两星期', 30, true),
  ('repayCycle', 'every_n_days', '每 N 日', 'Every N days', '每 N 日', 40, true)
ON CONFLICT ("category", "code") DO NOTHING;

--> statement-breakpoint
ALTER TABLE "option_items" ADD CONSTRAINT "option_items_state_ck" CHECK ("state" IN ('normal', 'disabled'));
