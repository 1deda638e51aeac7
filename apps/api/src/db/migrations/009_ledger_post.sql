-- The ledger's posting in one statement (DESIGN.md "Money and the ledger", docs/ARCHITECTURE.md).
--
-- 1. House accounts are split into shards: (kind, currency, shard). A transaction of a player uses
--    the shard of that player, so bets of different players no longer queue on one house_games row
--    (each waited for the commit, fsync included, of the one before it). A house balance is the sum
--    of its shards; the sum over all accounts is still zero.
-- 2. ledger_post() does what Ledger.postWith did in three statements: the idempotency row, the
--    accounts (opened on first use), one guarded update per account in one global order (player
--    accounts, then house accounts, each by id) and the entries. A refused debit raises AU001 and
--    the statement writes nothing. Called alone it is one round trip and its own transaction.

ALTER TABLE ledger_accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_shard
  CHECK (shard >= 0 AND (user_id IS NULL OR shard = 0));
DROP INDEX ledger_accounts_house;
CREATE UNIQUE INDEX ledger_accounts_house ON ledger_accounts (kind, currency, shard) WHERE user_id IS NULL;

CREATE FUNCTION ledger_post(
  p_key text,
  p_kind text,
  p_user bigint,
  p_metadata jsonb,
  p_owners bigint[],
  p_kinds text[],
  p_currencies text[],
  p_amounts bigint[],
  p_shard smallint
) RETURNS TABLE (r_transaction bigint, r_replayed boolean, r_account bigint, r_amount bigint, r_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  tx_id bigint;
  ids bigint[] := '{}';
  acc bigint;
  move record;
  new_balance bigint;
BEGIN
  INSERT INTO ledger_transactions (idempotency_key, kind, user_id, metadata)
  VALUES (p_key, p_kind, p_user, p_metadata)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO tx_id;
  IF tx_id IS NULL THEN
    -- Applied before (or by a concurrent duplicate that has committed): its first result.
    RETURN QUERY
      SELECT t.id, true, e.account_id, e.amount, e.balance_after
      FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.idempotency_key = p_key
      ORDER BY e.id;
    RETURN;
  END IF;

  FOR i IN 1 .. cardinality(p_owners) LOOP
    acc := NULL;
    IF p_owners[i] IS NULL THEN
      SELECT id INTO acc FROM ledger_accounts
      WHERE user_id IS NULL AND kind = p_kinds[i] AND currency = p_currencies[i] AND shard = p_shard;
      IF acc IS NULL THEN
        INSERT INTO ledger_accounts (user_id, kind, currency, shard)
        VALUES (NULL, p_kinds[i], p_currencies[i], p_shard)
        ON CONFLICT (kind, currency, shard) WHERE user_id IS NULL DO NOTHING
        RETURNING id INTO acc;
        IF acc IS NULL THEN
          SELECT id INTO acc FROM ledger_accounts
          WHERE user_id IS NULL AND kind = p_kinds[i] AND currency = p_currencies[i] AND shard = p_shard;
        END IF;
      END IF;
    ELSE
      SELECT id INTO acc FROM ledger_accounts
      WHERE user_id = p_owners[i] AND kind = p_kinds[i] AND currency = p_currencies[i];
      IF acc IS NULL THEN
        INSERT INTO ledger_accounts (user_id, kind, currency)
        VALUES (p_owners[i], p_kinds[i], p_currencies[i])
        ON CONFLICT (user_id, kind, currency) WHERE user_id IS NOT NULL DO NOTHING
        RETURNING id INTO acc;
        IF acc IS NULL THEN
          SELECT id INTO acc FROM ledger_accounts
          WHERE user_id = p_owners[i] AND kind = p_kinds[i] AND currency = p_currencies[i];
        END IF;
      END IF;
    END IF;
    ids := ids || acc;
  END LOOP;

  -- One update per account, player accounts first, then the house's, each by id.
  FOR move IN
    SELECT m.account, sum(m.amount)::bigint AS amount, bool_and(m.owner IS NULL) AS house
    FROM unnest(ids, p_amounts, p_owners) AS m (account, amount, owner)
    GROUP BY m.account
    HAVING sum(m.amount) <> 0
    ORDER BY bool_and(m.owner IS NULL), m.account
  LOOP
    UPDATE ledger_accounts SET balance = balance + move.amount
    WHERE id = move.account AND (user_id IS NULL OR balance + move.amount >= 0)
    RETURNING balance INTO new_balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insufficient funds in ledger account %', move.account USING ERRCODE = 'AU001';
    END IF;
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
    VALUES (tx_id, move.account, move.amount, new_balance);
    r_transaction := tx_id;
    r_replayed := false;
    r_account := move.account;
    r_amount := move.amount;
    r_balance := new_balance;
    RETURN NEXT;
  END LOOP;
  IF NOT FOUND THEN
    -- Nothing moved (the postings cancel out per account): the transaction is still recorded.
    r_transaction := tx_id;
    r_replayed := false;
    r_account := NULL;
    r_amount := NULL;
    r_balance := NULL;
    RETURN NEXT;
  END IF;
END;
$$;
