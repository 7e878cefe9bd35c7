ALTER TABLE "loan_payouts" ADD COLUMN "referral_commission" numeric(16, 2);--> statement-breakpoint
-- Payouts made before the commission was kept: the figure the referral agent sales report
-- computed for them until now (the agent's terms, a percentage rounded half-up to the cent per
-- loan), so the report's figures stay what they were. New payouts keep the domain's
-- `referralCommission`.
UPDATE "loan_payouts" po
SET "referral_commission" = CASE WHEN a.commission_kind = 'percent' THEN round(l.loan_amount * a.commission / 100, 2) ELSE a.commission END
FROM "loans" l
JOIN "referral_agents" a ON a.id = l.referral_agent_id
WHERE l.id = po.loan_id;
