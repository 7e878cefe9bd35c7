-- Collection records stay append-only, with the one exception an import's rollback needs (as the
-- receipts have, migration 0055): an OCA transfer or a write-off a data import wrote for a loan it
-- brought in (its import_rows entity 'ocaAssignment' / 'writeOff') may be deleted while its batch is
-- being rolled back in the same transaction (state 'rollingBack'). Every other row is refused as before.
CREATE OR REPLACE FUNCTION harbour_collection_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND EXISTS (
    SELECT 1 FROM import_rows r
      JOIN import_batches b ON b.id = r.batch_id
     WHERE r.entity = CASE TG_TABLE_NAME WHEN 'loan_oca_assignments' THEN 'ocaAssignment' ELSE 'writeOff' END
       AND r.entity_id = OLD.id AND b.state = 'rollingBack'
  ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
DROP TRIGGER loan_oca_assignments_no_update_delete ON loan_oca_assignments;
--> statement-breakpoint
CREATE TRIGGER loan_oca_assignments_no_update_delete BEFORE UPDATE OR DELETE ON loan_oca_assignments
  FOR EACH ROW EXECUTE FUNCTION harbour_collection_append_only();
--> statement-breakpoint
DROP TRIGGER loan_write_offs_no_update_delete ON loan_write_offs;
--> statement-breakpoint
CREATE TRIGGER loan_write_offs_no_update_delete BEFORE UPDATE OR DELETE ON loan_write_offs
  FOR EACH ROW EXECUTE FUNCTION harbour_collection_append_only();
