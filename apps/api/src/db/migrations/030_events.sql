-- The event outbox (docs/events.md): what happened to money and players, one row per event,
-- written in the transaction of the change. Consumers read it in id order and record what they
-- applied, so each event takes effect once per consumer whatever is delivered twice.
--
-- Ids are taken at the end of the writing transaction, after it holds every row lock it takes
-- (the events of rounds, payments, players and limits come from deferred constraint triggers,
-- db/functions/events_of_*.sql): two transactions of one player that touch the same row get ids
-- in the order they commit. A transaction that takes its id and commits after a later one leaves a
-- gap that consumers wait on until every transaction older than their read has ended
-- (packages/db/src/event-log.ts), so a late commit is never skipped.
CREATE TABLE events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (type ~ '^[a-z_]+\.[a-z_]+$'),
  version smallint NOT NULL CHECK (version > 0),
  user_id bigint,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Each consumer's position: every event up to it is applied (or was skipped by its type filter).
CREATE TABLE event_consumers (
  name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_-]*$'),
  position bigint NOT NULL DEFAULT 0,
  applied bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- What each consumer applied: one row per batch, the ids it covered (first_id to last_id, every
-- event of the consumer's types in between applied). A second delivery of an event inside a
-- receipt's range is passed over. Receipts a day behind the consumer's position are pruned by a job.
CREATE TABLE event_receipts (
  consumer text NOT NULL REFERENCES event_consumers (name),
  first_id bigint NOT NULL,
  last_id bigint NOT NULL CHECK (last_id >= first_id),
  applied_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (consumer, last_id)
);
