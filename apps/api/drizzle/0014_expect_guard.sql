-- A condition that must hold for a single-statement write to go ahead, or the whole statement (with
-- its data-modifying CTEs) is undone. A payment's outcome is written in one autocommit statement when
-- the attempt is as this request recorded it (docs/decisions/0015-a-payment-in-six-round-trips.md);
-- when it is not (decided meanwhile, or webhook endpoints to announce it to), it fails with SQLSTATE
-- KA001 and the writer takes the locked path instead. Evaluated on the row version the UPDATE locks,
-- so a concurrent decision is seen.
CREATE OR REPLACE FUNCTION kassa_expect(ok boolean, what text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'expected: %', what USING ERRCODE = 'KA001';
  END IF;
  RETURN true;
END;
$$;
