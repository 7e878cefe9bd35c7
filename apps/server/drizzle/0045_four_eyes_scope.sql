-- Four eyes: requests and loan makers are store-owned (row-level security), and the list of a
-- loan's makers is append-only (whoever connects): a maker cannot be taken off to check their own loan.
SELECT harbour_store_owned('approval_requests');
--> statement-breakpoint
SELECT harbour_store_owned('loan_makers');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION harbour_loan_makers_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'loan_makers is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER loan_makers_no_update_delete
  BEFORE UPDATE OR DELETE ON loan_makers
  FOR EACH ROW EXECUTE FUNCTION harbour_loan_makers_append_only();
--> statement-breakpoint
CREATE TRIGGER loan_makers_no_truncate
  BEFORE TRUNCATE ON loan_makers
  FOR EACH STATEMENT EXECUTE FUNCTION harbour_loan_makers_append_only();
--> statement-breakpoint
-- the makers of the loans already in the book: their creator and their last submitter
INSERT INTO loan_makers (store_id, loan_id, staff_id, role, created_by)
  SELECT store_id, id, created_by, 'create', created_by FROM loans WHERE created_by IS NOT NULL;
--> statement-breakpoint
INSERT INTO loan_makers (store_id, loan_id, staff_id, role, created_by)
  SELECT store_id, id, submitted_by, 'submit', submitted_by FROM loans WHERE submitted_by IS NOT NULL;
