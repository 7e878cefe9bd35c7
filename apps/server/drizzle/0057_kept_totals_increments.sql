-- hand-written
-- The kept per-loan and per-instalment figures (loan_totals, loan_instalment_paid; migrations 0030
-- and 0032) are added to as receipts post, instead of recounted from the loan's whole history on
-- every receipt: a receipt's statement adds what its own rows (the allocation the domain decided,
-- as written in loan_repayments and loan_repayment_lines) paid. The posting cost no longer grows
-- with the number of receipts a loan has had. Rarer writes keep the recount, which is exact
-- whatever came before: a correction (void or refund: the figures of the receipts left standing,
-- and the dates of the last of them), a new schedule revision (payout, reschedule: the interest of
-- the schedule in force, read from that loan's instalments only), and a loan without a kept row.
-- harbour_keep_loan_totals / harbour_keep_instalment_paid stay the repair functions: they set a
-- loan's figures from its history, so `harbour_kept_totals_drift()` (below) can compare the two.
-- Not SECURITY DEFINER: they run with the caller's store scope, which let it write the loan's rows.
CREATE OR REPLACE FUNCTION harbour_instalment_paid_added() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO loan_instalment_paid AS k
           (loan_id, tenor, store_id, principal, interest, interest_waived, overdue_interest, handling_fee, last_paid_on)
    SELECT ln.loan_id, ln.tenor, min(ln.store_id),
           sum(ln.principal), sum(ln.interest), sum(ln.interest_waived), sum(ln.overdue_interest), sum(ln.handling_fee),
           max(r.repay_date) FILTER (WHERE ln.principal + ln.interest + ln.interest_waived + ln.overdue_interest + ln.handling_fee > 0)
      FROM changed ln
      JOIN loan_repayments r ON r.id = ln.repayment_id
     WHERE NOT EXISTS (SELECT 1 FROM loan_repayment_corrections c WHERE c.repayment_id = ln.repayment_id)
     GROUP BY ln.loan_id, ln.tenor
    ON CONFLICT (loan_id, tenor) DO UPDATE
       SET principal = k.principal + excluded.principal, interest = k.interest + excluded.interest,
           interest_waived = k.interest_waived + excluded.interest_waived,
           overdue_interest = k.overdue_interest + excluded.overdue_interest, handling_fee = k.handling_fee + excluded.handling_fee,
           last_paid_on = greatest(k.last_paid_on, excluded.last_paid_on);
    RETURN NULL;
  END;
  $$;
--> statement-breakpoint
DROP TRIGGER loan_repayment_lines_keep_paid ON loan_repayment_lines;
--> statement-breakpoint
CREATE TRIGGER loan_repayment_lines_keep_paid AFTER INSERT ON loan_repayment_lines
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION harbour_instalment_paid_added();
--> statement-breakpoint
-- New receipts are the loan's latest (ids only grow), so the last receipt's date, type and method
-- are the newest inserted row's.
CREATE OR REPLACE FUNCTION harbour_loan_totals_received() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    WITH added AS (
      SELECT r.loan_id, sum(r.principal) AS principal, sum(r.interest) AS interest,
             sum(r.overdue_interest + r.handling_fee + r.lock_period_fee) AS charges, sum(r.rebate) AS rebate,
             max(r.repay_date) FILTER (WHERE r.received > 0) AS last_received_on, max(r.id) AS last_id
        FROM changed r
       WHERE NOT EXISTS (SELECT 1 FROM loan_repayment_corrections c WHERE c.repayment_id = r.id)
       GROUP BY r.loan_id
    )
    UPDATE loan_totals t
       SET paid_principal = t.paid_principal + a.principal, paid_interest = t.paid_interest + a.interest,
           paid_charges = t.paid_charges + a.charges, rebate = t.rebate + a.rebate,
           last_receipt_on = f.repay_date, last_receipt_type = f.repay_type, last_receipt_method = f.method,
           last_received_on = greatest(t.last_received_on, a.last_received_on)
      FROM added a JOIN changed f ON f.id = a.last_id
     WHERE t.loan_id = a.loan_id;
    PERFORM harbour_keep_loan_totals(ARRAY(
      SELECT DISTINCT c.loan_id FROM changed c WHERE NOT EXISTS (SELECT 1 FROM loan_totals t WHERE t.loan_id = c.loan_id)));
    RETURN NULL;
  END;
  $$;
--> statement-breakpoint
DROP TRIGGER loan_repayments_keep_totals ON loan_repayments;
--> statement-breakpoint
CREATE TRIGGER loan_repayments_keep_totals AFTER INSERT ON loan_repayments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION harbour_loan_totals_received();
--> statement-breakpoint
-- A new schedule revision changes only the scheduled interest: read from the loan's instalments
-- (a few dozen rows), not its receipts.
CREATE OR REPLACE FUNCTION harbour_loan_schedule_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE loan_totals t
       SET scheduled_interest = coalesce((
             SELECT sum(i.interest) FROM loan_instalments i
              WHERE i.loan_id = t.loan_id AND i.revision = (SELECT max(v.revision) FROM loan_instalments v WHERE v.loan_id = t.loan_id)), 0)
     WHERE t.loan_id IN (SELECT c.loan_id FROM changed c);
    PERFORM harbour_keep_loan_totals(ARRAY(
      SELECT DISTINCT c.loan_id FROM changed c WHERE NOT EXISTS (SELECT 1 FROM loan_totals t WHERE t.loan_id = c.loan_id)));
    RETURN NULL;
  END;
  $$;
--> statement-breakpoint
DROP TRIGGER loan_instalments_keep_totals ON loan_instalments;
--> statement-breakpoint
CREATE TRIGGER loan_instalments_keep_totals AFTER INSERT ON loan_instalments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION harbour_loan_schedule_changed();
--> statement-breakpoint
-- The loans (of the caller's store scope) whose kept figures differ from a recount of their
-- history: what the consistency check reports, and what harbour_keep_loan_totals /
-- harbour_keep_instalment_paid repair. Empty when the increments are right.
CREATE OR REPLACE FUNCTION harbour_kept_totals_drift() RETURNS TABLE (loan_id integer)
  LANGUAGE sql AS $$
    WITH paid AS (
      SELECT ln.loan_id, ln.tenor,
             coalesce(sum(ln.principal) FILTER (WHERE c.id IS NULL), 0) AS principal,
             coalesce(sum(ln.interest) FILTER (WHERE c.id IS NULL), 0) AS interest,
             coalesce(sum(ln.interest_waived) FILTER (WHERE c.id IS NULL), 0) AS interest_waived,
             coalesce(sum(ln.overdue_interest) FILTER (WHERE c.id IS NULL), 0) AS overdue_interest,
             coalesce(sum(ln.handling_fee) FILTER (WHERE c.id IS NULL), 0) AS handling_fee,
             max(r.repay_date) FILTER (WHERE c.id IS NULL AND ln.principal + ln.interest + ln.interest_waived + ln.overdue_interest + ln.handling_fee > 0) AS last_paid_on
        FROM loan_repayment_lines ln
        JOIN loan_repayments r ON r.id = ln.repayment_id
        LEFT JOIN loan_repayment_corrections c ON c.repayment_id = ln.repayment_id
       GROUP BY ln.loan_id, ln.tenor
    ), totals AS (
      SELECT l.id AS loan_id, coalesce(s.interest, 0) AS scheduled_interest,
             coalesce(p.principal, 0) AS paid_principal, coalesce(p.interest, 0) AS paid_interest,
             coalesce(p.charges, 0) AS paid_charges, coalesce(p.rebate, 0) AS rebate,
             f.repay_date AS last_receipt_on, f.repay_type AS last_receipt_type, f.method AS last_receipt_method,
             p.last_received_on
        FROM loans l
        JOIN loan_totals k ON k.loan_id = l.id
        LEFT JOIN LATERAL (
          SELECT sum(i.interest) AS interest FROM loan_instalments i
           WHERE i.loan_id = l.id AND i.revision = (SELECT max(v.revision) FROM loan_instalments v WHERE v.loan_id = l.id)
        ) s ON true
        LEFT JOIN LATERAL (
          SELECT sum(r.principal) AS principal, sum(r.interest) AS interest,
                 sum(r.overdue_interest + r.handling_fee + r.lock_period_fee) AS charges, sum(r.rebate) AS rebate,
                 max(r.repay_date) FILTER (WHERE r.received > 0) AS last_received_on
            FROM loan_repayments r
           WHERE r.loan_id = l.id AND NOT EXISTS (SELECT 1 FROM loan_repayment_corrections c WHERE c.repayment_id = r.id)
        ) p ON true
        LEFT JOIN LATERAL (
          SELECT r.repay_date, r.repay_type, r.method FROM loan_repayments r
           WHERE r.loan_id = l.id AND NOT EXISTS (SELECT 1 FROM loan_repayment_corrections c WHERE c.repayment_id = r.id)
           ORDER BY r.id DESC LIMIT 1
        ) f ON true
    )
    SELECT p.loan_id FROM paid p
      LEFT JOIN loan_instalment_paid k ON k.loan_id = p.loan_id AND k.tenor = p.tenor
     WHERE (k.principal, k.interest, k.interest_waived, k.overdue_interest, k.handling_fee, k.last_paid_on)
           IS DISTINCT FROM (p.principal, p.interest, p.interest_waived, p.overdue_interest, p.handling_fee, p.last_paid_on)
    UNION
    SELECT t.loan_id FROM totals t JOIN loan_totals k ON k.loan_id = t.loan_id
     WHERE (k.scheduled_interest, k.paid_principal, k.paid_interest, k.paid_charges, k.rebate,
            k.last_receipt_on, k.last_receipt_type, k.last_receipt_method, k.last_received_on)
           IS DISTINCT FROM (t.scheduled_interest, t.paid_principal, t.paid_interest, t.paid_charges, t.rebate,
                             t.last_receipt_on, t.last_receipt_type, t.last_receipt_method, t.last_received_on)
  $$;
