-- Reality check (docs/responsible-gambling.md "Reality check"): the interval, in minutes, at which
-- the game frame reminds the player of the session's time and result. NULL: the casino's default
-- (REALITY_CHECK_MINUTES) applies until the player chooses one. There is no "off": the api offers
-- only the intervals of REALITY_CHECK_OPTIONS (packages/shared), the check below is the backstop.
ALTER TABLE users ADD COLUMN reality_check_minutes smallint
  CHECK (reality_check_minutes BETWEEN 1 AND 1440);
