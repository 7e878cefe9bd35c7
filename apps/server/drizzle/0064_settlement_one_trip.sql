-- Early settlement and a principal receipt's reschedule on the receipt's two statements
-- (docs/repayments.md → Posting a receipt).
--
-- harbour_receipt_context also answers what an early settlement's quote and a principal receipt's
-- reschedule read: the current approval's early-settle lock period and its fee (beside its overdue
-- terms), the loan's current schedule revision, and, when asked (p.flows), the loan's cash flows
-- so far for its rate — the payout (date, amount received, old loan settled), the latest
-- approval's received amount (a loan without a payout row), and every standing receipt's date and
-- what the rate counts of it, in date order; given p.bankAccountId, that bank account's ledger
-- account when it is the loan's store's (the bank statement's line a receipt is matched from).
-- A waiver takes the same read (p.waiverKey: the waiver its idempotency key already wrote on the
-- loan, then nothing more; latestReceiptAny: the loan's latest receipt, standing or not, the
-- waiver's place among the loan's events).
-- p: {scope?, key?, waiverKey?, settingKeys: text[], lang, staffId, codeKind, flows?: bool, bankAccountId?: int}
CREATE OR REPLACE FUNCTION harbour_receipt_context(p_loan_id integer, p jsonb) RETURNS jsonb
  LANGUAGE plpgsql VOLATILE SECURITY INVOKER AS $$
  DECLARE
    v_loan loans;
    v_hit jsonb;
    v_revision integer;
    v_promises jsonb;
  BEGIN
    PERFORM harbour_apply_scope(p->'scope');
    SELECT l.* INTO v_loan FROM loans l
      WHERE l.id = p_loan_id
        AND (current_setting('harbour.all_stores', true) = 'on' OR l.store_id = nullif(current_setting('harbour.store_id', true), '')::integer)
      FOR UPDATE;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
    IF p->>'key' IS NOT NULL THEN
      SELECT harbour_text_numbers(to_jsonb(r)) INTO v_hit FROM loan_repayments r WHERE r.loan_id = p_loan_id AND r.idempotency_key = p->>'key';
      IF v_hit IS NOT NULL THEN
        RETURN jsonb_build_object('loan', harbour_text_numbers(to_jsonb(v_loan)), 'retry', v_hit);
      END IF;
    END IF;
    IF p->>'waiverKey' IS NOT NULL THEN
      SELECT harbour_text_numbers(to_jsonb(w)) INTO v_hit FROM loan_waivers w WHERE w.loan_id = p_loan_id AND w.idempotency_key = p->>'waiverKey';
      IF v_hit IS NOT NULL THEN
        RETURN jsonb_build_object('loan', harbour_text_numbers(to_jsonb(v_loan)), 'waiverRetry', v_hit);
      END IF;
    END IF;
    SELECT coalesce(max(v.revision), 0) INTO v_revision FROM loan_schedule_revisions v WHERE v.loan_id = p_loan_id;
    SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'loanId', c.loan_id, 'madeOn', c.made_on, 'promiseDate', c.promise_date, 'promiseAmount', c.promise_amount::text,
        'promiseState', c.promise_state, 'promiseDecidedOn', c.promise_decided_on, 'promiseReceived', c.promise_received::text) ORDER BY c.id), '[]'::jsonb)
      INTO v_promises FROM collection_contacts c WHERE c.loan_id = p_loan_id AND c.outcome = 'promised';
    RETURN jsonb_build_object(
      'loan', harbour_text_numbers(to_jsonb(v_loan)),
      'today', coalesce(nullif(current_setting('harbour.business_date', true), ''), to_char(now() AT TIME ZONE 'Asia/Hong_Kong', 'YYYY-MM-DD')),
      'settings', (SELECT coalesce(jsonb_agg(jsonb_build_object('key', s.key, 'value', s.value)), '[]'::jsonb) FROM settings s
        WHERE s.key IN (SELECT jsonb_array_elements_text(p->'settingKeys'))),
      'instalments', (SELECT coalesce(jsonb_agg(jsonb_build_object('tenor', i.tenor, 'dueDate', i.due_date, 'principal', i.principal::text, 'interest', i.interest::text) ORDER BY i.tenor), '[]'::jsonb)
        FROM loan_instalments i WHERE i.loan_id = p_loan_id AND i.revision = v_revision),
      'approval', (SELECT jsonb_build_object('overdueRate', a.overdue_rate::text, 'overduePenalty', a.overdue_penalty::text,
          'lockMonths', a.early_settle_lock_months, 'lockFee', a.lock_period_fee::text) FROM loan_approvals a
        WHERE a.loan_id = p_loan_id AND a.decision = 'approve' ORDER BY a.id DESC LIMIT 1),
      'paid', (SELECT coalesce(jsonb_agg(jsonb_build_object('tenor', x.tenor, 'overdueInterestCharged', x.oic, 'feeCharged', x.fc, 'accruedTo', x.accrued_to,
          'overdueInterest', x.oi, 'handlingFee', x.hf, 'interest', x.interest, 'principal', x.principal)), '[]'::jsonb)
        FROM (SELECT ln.tenor, sum(ln.overdue_interest_charged)::text AS oic, sum(ln.fee_charged)::text AS fc, max(ln.accrued_to) AS accrued_to,
                sum(ln.overdue_interest)::text AS oi, sum(ln.handling_fee)::text AS hf, sum(ln.interest + ln.interest_waived)::text AS interest, sum(ln.principal)::text AS principal
              FROM loan_repayment_lines ln JOIN loan_repayments r ON r.id = ln.repayment_id
              WHERE r.loan_id = p_loan_id AND NOT EXISTS (SELECT 1 FROM loan_repayment_corrections c WHERE c.repayment_id = r.id)
              GROUP BY ln.tenor) x),
      'totals', (SELECT jsonb_build_object('temp', coalesce(sum(r.temp_in - r.temp_out), 0)::text, 'lastDate', max(r.repay_date), 'latestId', max(r.id))
        FROM loan_repayments r WHERE r.loan_id = p_loan_id AND NOT EXISTS (SELECT 1 FROM loan_repayment_corrections c WHERE c.repayment_id = r.id)),
      'waived', (SELECT coalesce(jsonb_agg(jsonb_build_object('tenor', x.tenor, 'overdueInterestCharged', x.oic, 'feeCharged', x.fc, 'accruedTo', x.accrued_to,
          'overdueInterestWaived', x.oiw, 'feeWaived', x.fw)), '[]'::jsonb)
        FROM (SELECT wl.tenor, sum(wl.overdue_interest_charged)::text AS oic, sum(wl.fee_charged)::text AS fc, max(wl.accrued_to) AS accrued_to,
                sum(wl.overdue_interest_waived)::text AS oiw, sum(wl.fee_waived)::text AS fw
              FROM loan_waiver_lines wl JOIN loan_waivers w ON w.id = wl.waiver_id
              WHERE w.loan_id = p_loan_id AND NOT EXISTS (SELECT 1 FROM loan_waiver_voids v WHERE v.waiver_id = w.id)
              GROUP BY wl.tenor) x),
      'waivedTotals', (SELECT jsonb_build_object('lastDate', max(w.waive_date)) FROM loan_waivers w
        WHERE w.loan_id = p_loan_id AND NOT EXISTS (SELECT 1 FROM loan_waiver_voids v WHERE v.waiver_id = w.id)),
      'holidays', (SELECT coalesce(jsonb_agg(h.date ORDER BY h.date), '[]'::jsonb) FROM holidays h),
      'names', jsonb_build_object(
        'customerName', (SELECT cu.name FROM customers cu WHERE cu.id = v_loan.customer_id),
        'storeName', (SELECT CASE WHEN p->>'lang' = 'en' THEN s.name_en ELSE s.name_zh END FROM stores s WHERE s.id = v_loan.store_id),
        'makerName', (SELECT st.name FROM staff st WHERE st.id = (p->>'staffId')::integer)),
      'codeFormat', (SELECT harbour_text_numbers(to_jsonb(f)) FROM code_formats f WHERE f.kind = p->>'codeKind'),
      'storeCode', (SELECT s.code FROM stores s WHERE s.id = v_loan.store_id),
      'bankLedgerAccount', (SELECT b.ledger_account FROM bank_accounts b WHERE b.store_id = v_loan.store_id AND b.active ORDER BY b.id LIMIT 1),
      'promises', v_promises,
      'promiseReceipts', CASE WHEN jsonb_array_length(v_promises) = 0 THEN '[]'::jsonb ELSE
        (SELECT coalesce(jsonb_agg(jsonb_build_object('date', r.repay_date, 'amount', r.received::text) ORDER BY r.id), '[]'::jsonb) FROM loan_repayments r
          WHERE r.loan_id = p_loan_id AND NOT EXISTS (SELECT 1 FROM loan_repayment_corrections c WHERE c.repayment_id = r.id)) END,
      'revision', v_revision,
      'latestReceiptAny', (SELECT max(r.id) FROM loan_repayments r WHERE r.loan_id = p_loan_id),
      'namedBankLedgerAccount', CASE WHEN p->>'bankAccountId' IS NULL THEN NULL ELSE
        (SELECT b.ledger_account FROM bank_accounts b WHERE b.id = (p->>'bankAccountId')::integer AND b.store_id = v_loan.store_id) END,
      'history', CASE WHEN coalesce((p->>'flows')::boolean, false) THEN jsonb_build_object(
        'payout', (SELECT jsonb_build_object('date', o.payout_date, 'amountReceived', o.amount_received::text, 'oldLoanSettled', o.old_loan_settled::text)
          FROM loan_payouts o WHERE o.loan_id = p_loan_id LIMIT 1),
        'approvalReceived', (SELECT a.actual_received_amount::text FROM loan_approvals a WHERE a.loan_id = p_loan_id ORDER BY a.id DESC LIMIT 1),
        'receipts', (SELECT coalesce(jsonb_agg(jsonb_build_object('date', r.repay_date, 'received', r.received::text, 'paidOut', r.paid_out::text,
            'overdueInterest', r.overdue_interest::text, 'handlingFee', r.handling_fee::text) ORDER BY r.repay_date, r.id), '[]'::jsonb) FROM loan_repayments r
          WHERE r.loan_id = p_loan_id AND NOT EXISTS (SELECT 1 FROM loan_repayment_corrections c WHERE c.repayment_id = r.id))) END
    );
  END
$$;
--> statement-breakpoint
-- The loan's due summary as a posting leaves it, for harbour_post_receipt and harbour_post_waiver:
-- removed (p.removeDueSummary), or written from the domain's row (p.dueSummary: a
-- loan_due_summaries row), or left as it is. SECURITY INVOKER: row-level security applies.
CREATE FUNCTION harbour_write_due_summary(p_loan integer, p jsonb) RETURNS void
  LANGUAGE plpgsql VOLATILE SECURITY INVOKER AS $$
  BEGIN
    IF coalesce((p->>'removeDueSummary')::boolean, false) THEN
      DELETE FROM loan_due_summaries WHERE loan_id = p_loan;
    ELSIF jsonb_typeof(p->'dueSummary') = 'object' THEN
      INSERT INTO loan_due_summaries (loan_id, store_id, loan_status, as_of, next_tenor, next_due_date, next_amount, remaining_tenors, overdue_tenors,
          overdue_amount, overdue_interest, handling_fee, days_overdue, oldest_overdue_date, unpaid_principal, temp_amount)
        SELECT d.loan_id, d.store_id, d.loan_status, d.as_of, d.next_tenor, d.next_due_date, d.next_amount, d.remaining_tenors, d.overdue_tenors,
          d.overdue_amount, d.overdue_interest, d.handling_fee, d.days_overdue, d.oldest_overdue_date, d.unpaid_principal, d.temp_amount
        FROM jsonb_populate_record(null::loan_due_summaries, p->'dueSummary') d
      ON CONFLICT (loan_id) DO UPDATE SET store_id = excluded.store_id, loan_status = excluded.loan_status, as_of = excluded.as_of,
        next_tenor = excluded.next_tenor, next_due_date = excluded.next_due_date, next_amount = excluded.next_amount,
        remaining_tenors = excluded.remaining_tenors, overdue_tenors = excluded.overdue_tenors, overdue_amount = excluded.overdue_amount,
        overdue_interest = excluded.overdue_interest, handling_fee = excluded.handling_fee, days_overdue = excluded.days_overdue,
        oldest_overdue_date = excluded.oldest_overdue_date, unpaid_principal = excluded.unpaid_principal, temp_amount = excluded.temp_amount,
        refreshed_at = now();
    END IF;
  END $$;
--> statement-breakpoint
-- harbour_post_receipt also stores the loan's rate with its status when the domain gives one
-- (p.rate: {mloRate, mloStatus}: a settlement's or a reschedule's rate of the loan's flows), and a
-- principal receipt's new schedule after the receipt, which it names (p.reschedule: {revision:
-- loan_schedule_revisions row without repayment_id, instalments: [loan_instalments rows]}).
-- Otherwise as in 0063.
CREATE OR REPLACE FUNCTION harbour_post_receipt(p jsonb) RETURNS jsonb
  LANGUAGE plpgsql VOLATILE SECURITY INVOKER AS $$
  DECLARE
    v_loan integer := (p->>'loanId')::integer;
    v_no text;
    v_entry bigint;
    v_receipt loan_repayments;
  BEGIN
    PERFORM harbour_write_due_summary(v_loan, p);
    IF p->>'status' IS NOT NULL OR jsonb_typeof(p->'rate') = 'object' THEN
      UPDATE loans SET status = coalesce(p->>'status', status), mlo_rate = coalesce((p#>>'{rate,mloRate}')::numeric, mlo_rate),
          mlo_status = coalesce(p#>>'{rate,mloStatus}', mlo_status), updated_at = now()
        WHERE id = v_loan;
    END IF;
    INSERT INTO code_counters AS k (kind, store_key, period, value)
      VALUES (p#>>'{code,kind}', (p#>>'{code,storeKey}')::integer, p#>>'{code,period}', 1)
      ON CONFLICT (kind, store_key, period) DO UPDATE SET value = k.value + 1, updated_at = now()
      RETURNING (p#>>'{code,head}') || lpad(k.value::text, greatest((p#>>'{code,seqWidth}')::integer, length(k.value::text)), '0') INTO v_no;
    INSERT INTO journal_entries (store_id, entry_date, event, loan_id, memo, reverses_entry_id, request_id, created_by)
      SELECT e.store_id, e.entry_date, e.event, e.loan_id, e.memo || jsonb_build_object('repayNo', v_no), e.reverses_entry_id, e.request_id, e.created_by
      FROM jsonb_populate_record(null::journal_entries, p->'entry') e
      RETURNING id INTO v_entry;
    INSERT INTO journal_lines (entry_id, store_id, entry_date, account, debit, credit, created_by)
      SELECT v_entry, l.store_id, l.entry_date, l.account, l.debit, l.credit, l.created_by
      FROM jsonb_array_elements(p->'journalLines') WITH ORDINALITY AS x(line, n)
        CROSS JOIN LATERAL jsonb_populate_record(null::journal_lines, x.line) l
      ORDER BY x.n;
    INSERT INTO loan_repayments (store_id, loan_id, repay_no, repay_date, repay_type, tenor, received, overdue_interest, handling_fee, interest, principal,
        lock_period_fee, rebate, temp_in, temp_out, paid_out, method, cheque_no, remarks, idempotency_key, journal_entry_id, created_by)
      SELECT r.store_id, r.loan_id, v_no, r.repay_date, r.repay_type, r.tenor, r.received, r.overdue_interest, r.handling_fee, r.interest, r.principal,
        coalesce(r.lock_period_fee, 0), coalesce(r.rebate, 0), r.temp_in, coalesce(r.temp_out, 0), coalesce(r.paid_out, 0), r.method, r.cheque_no, r.remarks,
        r.idempotency_key, v_entry, r.created_by
      FROM jsonb_populate_record(null::loan_repayments, p->'receipt') r
      RETURNING * INTO v_receipt;
    IF jsonb_array_length(coalesce(p->'lines', '[]'::jsonb)) > 0 THEN
      INSERT INTO loan_repayment_lines (store_id, repayment_id, loan_id, tenor, overdue_interest_charged, fee_charged, accrued_to, overdue_interest, handling_fee,
          interest, principal, interest_waived, created_by)
        SELECT l.store_id, v_receipt.id, l.loan_id, l.tenor, l.overdue_interest_charged, l.fee_charged, l.accrued_to, l.overdue_interest, l.handling_fee,
          l.interest, l.principal, coalesce(l.interest_waived, 0), l.created_by
        FROM jsonb_populate_recordset(null::loan_repayment_lines, p->'lines') l;
    END IF;
    IF jsonb_typeof(p->'reschedule') = 'object' THEN
      INSERT INTO loan_schedule_revisions (store_id, loan_id, revision, cause, repayment_id, based_on, rule, from_tenor, total_tenor, remaining_before,
          remaining_after, instalment_before, instalment_after, outstanding_principal, dropped_interest, effective_on, created_by)
        SELECT v.store_id, v.loan_id, v.revision, v.cause, v_receipt.id, v.based_on, v.rule, v.from_tenor, v.total_tenor, v.remaining_before,
          v.remaining_after, v.instalment_before, v.instalment_after, v.outstanding_principal, v.dropped_interest, v.effective_on, v.created_by
        FROM jsonb_populate_record(null::loan_schedule_revisions, p#>'{reschedule,revision}') v;
      INSERT INTO loan_instalments (store_id, loan_id, revision, tenor, due_date, principal, interest, instalment, balance, created_by)
        SELECT i.store_id, i.loan_id, i.revision, i.tenor, i.due_date, i.principal, i.interest, i.instalment, i.balance, i.created_by
        FROM jsonb_populate_recordset(null::loan_instalments, p#>'{reschedule,instalments}') i;
    END IF;
    UPDATE collection_contacts c SET promise_state = u.promise_state, promise_decided_on = u.promise_decided_on, promise_received = u.promise_received
      FROM jsonb_to_recordset(coalesce(p->'promises', '[]'::jsonb)) AS u(id integer, promise_state text, promise_decided_on date, promise_received numeric)
      WHERE c.id = u.id;
    IF jsonb_typeof(p->'audit') = 'object' THEN
      INSERT INTO audit_log (staff_id, store_id, record_store_ids, action, module, reference, before, after, ip, user_agent, request_id, created_by)
        SELECT a.staff_id, a.store_id, a.record_store_ids, a.action, a.module, coalesce(a.reference, v_receipt.id::text), a.before,
          a.after || jsonb_build_object('repayNo', v_no, 'journalEntryId', v_entry), a.ip, a.user_agent, a.request_id, a.created_by
        FROM jsonb_populate_record(null::audit_log, p->'audit') a;
    END IF;
    RETURN harbour_text_numbers(to_jsonb(v_receipt));
  END
$$;
--> statement-breakpoint
-- The kept totals' receipt trigger (migration 0057) handed every receipt's loans to the recount
-- harbour_keep_loan_totals(ARRAY(loans without a kept row)) — an empty array almost always, but a
-- SQL function is planned again on each call (an INSERT … SELECT with three lateral joins): in the
-- receipts bench's database floor that call was most of the trigger's cost (the floor 157 tps,
-- 256 without the kept-totals triggers). The recount is now called only when one of the
-- statement's loans has no kept row yet; the increments and the recount are unchanged.
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
    IF EXISTS (SELECT 1 FROM changed c WHERE NOT EXISTS (SELECT 1 FROM loan_totals t WHERE t.loan_id = c.loan_id)) THEN
      PERFORM harbour_keep_loan_totals(ARRAY(
        SELECT DISTINCT c.loan_id FROM changed c WHERE NOT EXISTS (SELECT 1 FROM loan_totals t WHERE t.loan_id = c.loan_id)));
    END IF;
    RETURN NULL;
  END;
  $$;
--> statement-breakpoint
-- The same for a new schedule revision (a payout, a reschedule): the recount only for a loan without a kept row.
CREATE OR REPLACE FUNCTION harbour_loan_schedule_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE loan_totals t
       SET scheduled_interest = coalesce((
             SELECT sum(i.interest) FROM loan_instalments i
              WHERE i.loan_id = t.loan_id AND i.revision = (SELECT max(v.revision) FROM loan_instalments v WHERE v.loan_id = t.loan_id)), 0)
     WHERE t.loan_id IN (SELECT c.loan_id FROM changed c);
    IF EXISTS (SELECT 1 FROM changed c WHERE NOT EXISTS (SELECT 1 FROM loan_totals t WHERE t.loan_id = c.loan_id)) THEN
      PERFORM harbour_keep_loan_totals(ARRAY(
        SELECT DISTINCT c.loan_id FROM changed c WHERE NOT EXISTS (SELECT 1 FROM loan_totals t WHERE t.loan_id = c.loan_id)));
    END IF;
    RETURN NULL;
  END;
  $$;
--> statement-breakpoint
-- Writes what the domain decided for a waiver (docs/repayments.md → Waivers), in one statement
-- after harbour_receipt_context read the loan under its lock: the due summary from the state after
-- it, the waiver row, its lines, and the request's audit row (reference waiver:<id>, the id added
-- to its `after`). No journal entry (overdue interest and fees are income only when received).
-- SECURITY INVOKER: row-level security applies. Answers the waiver row (numbers as text).
-- p: {dueSummary?: loan_due_summaries row | null, removeDueSummary?: bool, waiver: loan_waivers row
--     (no id), lines: [loan_waiver_lines rows without waiver_id], audit: audit_log row}
CREATE FUNCTION harbour_post_waiver(p jsonb) RETURNS jsonb
  LANGUAGE plpgsql VOLATILE SECURITY INVOKER AS $$
  DECLARE
    v_waiver loan_waivers;
  BEGIN
    PERFORM harbour_write_due_summary((p#>>'{waiver,loan_id}')::integer, p);
    INSERT INTO loan_waivers (store_id, loan_id, waive_date, overdue_interest_before, fee_before, overdue_interest, fee, reason, after_repayment_id,
        idempotency_key, created_by)
      SELECT w.store_id, w.loan_id, w.waive_date, w.overdue_interest_before, w.fee_before, w.overdue_interest, w.fee, w.reason, w.after_repayment_id,
        w.idempotency_key, w.created_by
      FROM jsonb_populate_record(null::loan_waivers, p->'waiver') w
      RETURNING * INTO v_waiver;
    INSERT INTO loan_waiver_lines (store_id, waiver_id, loan_id, tenor, overdue_interest_charged, fee_charged, accrued_to, overdue_interest_waived,
        fee_waived, created_by)
      SELECT l.store_id, v_waiver.id, l.loan_id, l.tenor, l.overdue_interest_charged, l.fee_charged, l.accrued_to, l.overdue_interest_waived,
        l.fee_waived, l.created_by
      FROM jsonb_populate_recordset(null::loan_waiver_lines, coalesce(p->'lines', '[]'::jsonb)) l;
    INSERT INTO audit_log (staff_id, store_id, record_store_ids, action, module, reference, before, after, ip, user_agent, request_id, created_by)
      SELECT a.staff_id, a.store_id, a.record_store_ids, a.action, a.module, 'waiver:' || v_waiver.id, a.before,
        jsonb_build_object('waiverId', v_waiver.id) || a.after, a.ip, a.user_agent, a.request_id, a.created_by
      FROM jsonb_populate_record(null::audit_log, p->'audit') a;
    RETURN harbour_text_numbers(to_jsonb(v_waiver));
  END
$$;
