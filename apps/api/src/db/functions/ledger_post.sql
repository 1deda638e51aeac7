-- Posts one ledger transaction in one statement.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 009_ledger_post
--
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
CREATE OR REPLACE FUNCTION ledger_post(
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
  moved boolean := false;
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

  -- The accounts: the players' (opened on first use) and the house's that exist. A house account
  -- to open is opened once the players' accounts are held (below).
  FOR i IN 1 .. cardinality(p_owners) LOOP
    acc := NULL;
    IF p_owners[i] IS NULL THEN
      SELECT id INTO acc FROM ledger_accounts
      WHERE user_id IS NULL AND kind = p_kinds[i] AND currency = p_currencies[i] AND shard = p_shard;
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
  FOR phase IN 0 .. 1 LOOP
    IF phase = 1 THEN
      -- House accounts opened on first use, only now that the players' accounts are held. The new
      -- row is this transaction's until it commits: opened before, a batch of spins holding one of
      -- these players' accounts could wait for it while this waited for that account (a deadlock,
      -- lock-order.test.ts).
      FOR i IN 1 .. cardinality(p_owners) LOOP
        CONTINUE WHEN ids[i] IS NOT NULL;
        INSERT INTO ledger_accounts (user_id, kind, currency, shard)
        VALUES (NULL, p_kinds[i], p_currencies[i], p_shard)
        ON CONFLICT (kind, currency, shard) WHERE user_id IS NULL DO NOTHING
        RETURNING id INTO acc;
        IF acc IS NULL THEN
          SELECT id INTO acc FROM ledger_accounts
          WHERE user_id IS NULL AND kind = p_kinds[i] AND currency = p_currencies[i] AND shard = p_shard;
        END IF;
        ids[i] := acc;
      END LOOP;
    END IF;
    FOR move IN
      SELECT m.account, sum(m.amount)::bigint AS amount
      FROM unnest(ids, p_amounts, p_owners) AS m (account, amount, owner)
      WHERE (m.owner IS NULL) = (phase = 1)
      GROUP BY m.account
      HAVING sum(m.amount) <> 0
      ORDER BY m.account
    LOOP
      UPDATE ledger_accounts SET balance = balance + move.amount
      WHERE id = move.account AND (user_id IS NULL OR balance + move.amount >= 0)
      RETURNING balance INTO new_balance;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'insufficient funds in ledger account %', move.account USING ERRCODE = 'AU001';
      END IF;
      INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
      VALUES (tx_id, move.account, move.amount, new_balance);
      moved := true;
      r_transaction := tx_id;
      r_replayed := false;
      r_account := move.account;
      r_amount := move.amount;
      r_balance := new_balance;
      RETURN NEXT;
    END LOOP;
  END LOOP;
  IF NOT moved THEN
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
