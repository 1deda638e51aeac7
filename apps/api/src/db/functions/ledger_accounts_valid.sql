-- The kind, owner and shard rules of ledger accounts (trigger on insert and on an update of those columns).
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 020_wallet_instant_round
--
--  * ledger_accounts' kind, owner and shard rules move to a trigger on insert and on an update of
--    those columns (never changed after an account is opened). Its `balance >= 0` for players stays
--    a CHECK: every balance update must pass it.
--  * 035_approvals: house_adjustments, the house's side of manual balance adjustments.
CREATE OR REPLACE FUNCTION ledger_accounts_valid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind NOT IN ('player_real', 'player_bonus', 'house_payments', 'house_withdrawals', 'house_games',
      'house_bonuses', 'house_jackpots', 'house_fees', 'house_adjustments') THEN
    RAISE EXCEPTION 'ledger account kind % is not one of the ledger''s', NEW.kind
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_kind';
  END IF;
  -- Player accounts belong to a player; house accounts (user_id NULL) to the casino, in shards.
  IF (NEW.user_id IS NULL) <> (NEW.kind LIKE 'house\_%') THEN
    RAISE EXCEPTION 'ledger account of kind % with player %', NEW.kind, NEW.user_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_owner';
  END IF;
  IF NEW.shard IS NULL OR NEW.shard < 0 OR (NEW.user_id IS NOT NULL AND NEW.shard <> 0) THEN
    RAISE EXCEPTION 'ledger account of player % in shard %', NEW.user_id, NEW.shard
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_shard';
  END IF;
  RETURN NEW;
END;
$$;
