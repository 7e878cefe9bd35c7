-- A receipt in two statements (docs/repayments.md → Posting a receipt): one function reads
-- everything the posting needs under the loan's row lock, one writes everything the domain decided.
-- Both are SECURITY INVOKER: row-level security applies to every row they read and write, as to
-- the statements they replace. No money arithmetic here beyond sums of stored amounts: the domain
-- decides the allocation, the due summary and the promises' judgement in Node.

-- A row as jsonb with its numbers as text (numeric keeps its scale: 12000.00 stays "12000.00";
-- JSON numbers would reach Node as floats). Nested json values are left as they are.
CREATE FUNCTION harbour_text_numbers(j jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(jsonb_object_agg(e.key, CASE WHEN jsonb_typeof(e.value) = 'number' THEN to_jsonb(e.value #>> '{}') ELSE e.value END), '{}'::jsonb)
    FROM jsonb_each(j) e
  $$;
--> statement-breakpoint
-- The caller's store scope and business date for the rest of the transaction, as
-- applyStoreScope / applyBusinessDate (platform/store-scope.ts, business-date.ts) set them; null
-- leaves the transaction's settings as they are (already set by withTx).
CREATE FUNCTION harbour_apply_scope(scope jsonb) RETURNS void
  LANGUAGE plpgsql VOLATILE SECURITY INVOKER AS $$
  DECLARE
    v_all boolean := coalesce((scope->>'allStores')::boolean, false);
    v_store text := scope->>'storeId';
  BEGIN
    IF scope IS NULL OR jsonb_typeof(scope) = 'null' THEN
      RETURN;
    END IF;
    PERFORM set_config('harbour.all_stores', CASE WHEN v_all THEN 'on' ELSE 'off' END, true),
      set_config('harbour.store_id', coalesce(v_store, ''), true),
      set_config('harbour.visible_stores',
        CASE WHEN v_all THEN (SELECT coalesce(array_agg(s.id ORDER BY s.id), '{}'::integer[])::text FROM stores s)
             WHEN v_store IS NULL THEN '{}'
             ELSE '{' || v_store::integer || '}' END, true);
    IF scope->>'businessDate' IS NOT NULL THEN
      PERFORM set_config('harbour.business_date', (scope->>'businessDate')::date::text, true);
    END IF;
  END
$$;
--> statement-breakpoint
-- Everything posting a receipt (a settlement, a temporary-amount movement) reads, in one statement:
-- the loan row locked FOR UPDATE in the caller's store scope (null: not visible, a 404), the row an
-- idempotency key already posted on it (then nothing more), today (Hong Kong, or the transaction's
-- business date), the settings asked for, the repayment state's rows (current instalments, the
-- approval's overdue terms, the standing receipts' lines summed by tenor, their temporary amount,
-- last date and latest id, the standing waivers' lines and last date), the engine's holidays, the
-- names the answer shows, the receipt number's format and the store's code, the store's first
-- active bank account's ledger account, and the loan's promises to pay with the standing receipts
-- they are judged against (only when it has a promise).
-- p: {scope?, key?, settingKeys: text[], lang, staffId, codeKind}
CREATE FUNCTION harbour_receipt_context(p_loan_id integer, p jsonb) RETURNS jsonb
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
      'approval', (SELECT jsonb_build_object('overdueRate', a.overdue_rate::text, 'overduePenalty', a.overdue_penalty::text) FROM loan_approvals a
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
          WHERE r.loan_id = p_loan_id AND NOT EXISTS (SELECT 1 FROM loan_repayment_corrections c WHERE c.repayment_id = r.id)) END
    );
  END
$$;
--> statement-breakpoint
-- Writes what the domain decided for a receipt row (a receipt, a settlement, a temporary amount
-- applied or refunded), in this order: the due summary (upserted, or removed when the loan is no
-- longer serviced), the loan's new status (settle → complete), the receipt number (the store's
-- counter, locked from here until commit: gapless and in commit order per store and day), the
-- journal entry (the number in its memo) and its lines — balanced, checked at commit by the
-- deferred trigger —, the receipt row and its lines (the kept totals' AFTER INSERT triggers of
-- migration 0057 add them up), the promises whose judgement changed, and the request's audit row
-- (the number and entry id added to its `after`). Answers the receipt row (numbers as text).
-- p: {loanId, dueSummary?: loan_due_summaries row | null, removeDueSummary?: bool, status?: text,
--     code: {kind, storeKey, period, head, seqWidth}, entry: journal_entries row (memo without repayNo),
--     journalLines: [journal_lines rows without entry_id], receipt: loan_repayments row (no repay_no,
--     journal_entry_id), lines: [loan_repayment_lines rows without repayment_id],
--     promises: [{id, promise_state, promise_decided_on, promise_received}], audit: audit_log row}
CREATE FUNCTION harbour_post_receipt(p jsonb) RETURNS jsonb
  LANGUAGE plpgsql VOLATILE SECURITY INVOKER AS $$
  DECLARE
    v_loan integer := (p->>'loanId')::integer;
    v_no text;
    v_entry bigint;
    v_receipt loan_repayments;
  BEGIN
    IF coalesce((p->>'removeDueSummary')::boolean, false) THEN
      DELETE FROM loan_due_summaries WHERE loan_id = v_loan;
    ELSIF p->'dueSummary' IS NOT NULL AND jsonb_typeof(p->'dueSummary') = 'object' THEN
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
    IF p->>'status' IS NOT NULL THEN
      UPDATE loans SET status = p->>'status', updated_at = now() WHERE id = v_loan;
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
