import { withServices } from './cli.ts'
import { AppError } from './lib/errors.ts'

const USAGE = 'usage: npm run payments:operator -- approve <payment id> | reject <payment id> ["reason"]'

/**
 * `npm run payments:operator -- approve|reject <id> [reason]`: the operator's decision on a pending
 * payment, a thin wrapper over the back office's own call (PaymentService.operatorDecide) with the
 * actor `cli`: the decision is written to the audit log in the transaction that carries it out. A withdrawal is paid (succeeded) or rejected (the held money returns, with the reason);
 * a pending bank-transfer deposit is confirmed or failed through the provider's callback path.
 * Embedded database: stop the server first (one process opens it at a time).
 */
async function main() {
  const [decision, idText, ...rest] = process.argv.slice(2)
  if ((decision !== 'approve' && decision !== 'reject') || !idText || !/^\d{1,18}$/.test(idText)) {
    console.error(USAGE)
    process.exit(64)
  }
  const reason = rest.join(' ').trim() || undefined
  if (reason && reason.length > 500) {
    console.error('the reason is too long (500 characters at most)')
    process.exit(64)
  }
  // The casino's own PaymentService (limits, verification and the event outbox wired as in the
  // servers): the player's open pages hear of the decision through the outbox. The crash test
  // kills the command between a payout and its record (TEST_FAULT_POINT, refused in production).
  await withServices(async ({ payments }) => {
    try {
      const payment = await payments.operatorDecide({ actor: 'cli' }, BigInt(idText), decision, reason)
      console.log(
        `payment ${payment.id} (${payment.action} ${payment.amount_cents} ${payment.currency}): ${payment.state}` +
          (payment.cancellation_reason ? ` – ${payment.cancellation_reason}` : ''),
      )
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      console.error(error.code === 'not_found' ? `no payment ${idText}` : `payment ${idText} is not pending`)
      process.exitCode = 1
    }
  })
}

await main()
