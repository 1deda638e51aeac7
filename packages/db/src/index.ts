export {
  openDatabase,
  type Database,
  type Executor,
  type OpenOptions,
  type Orm,
  type Schema,
  type SqlDatabase,
  type TransactionOptions,
} from './client.ts'
export { functionDrift, migrate, type MigrationSet, type SharedMigration } from './migrate.ts'
export { Batcher } from './batch.ts'
export {
  EventLog,
  type BatchResult,
  type Consumer,
  type EventLogOptions,
  type OutboxEvent,
} from './event-log.ts'
export {
  defineJob,
  jobsMigrations,
  JobQueue,
  retryDelay,
  type EnqueueOptions,
  type JobContext,
  type JobDefinition,
  type JobQueueOptions,
} from './jobs.ts'
export { systemClock, testClock, type Clock, type TestClock } from './clock.ts'
