import { cliServices, withDatabase } from './cli.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { AppError } from './lib/errors.ts'
import type { MailService } from './lib/mail.ts'
import type { VerificationService } from './modules/verification/service.ts'

export const USAGE =
  'usage: npm run kyc:operator -- list | approve <document id> | reject <document id> "reason"'

/** The service as the command uses it: the casino's services, with the configured storage and mailer. */
export async function operatorService(
  db: Database,
  config: Config,
): Promise<{ service: VerificationService; mail: MailService }> {
  // No worker: the command delivers the decision's e-mail itself before it ends (mail.flush), and
  // a delivery that fails stays queued for the servers' workers to retry.
  const { verification, mail } = await cliServices(db, config)
  return { service: verification, mail }
}

type Command =
  | { kind: 'list' }
  | { kind: 'approve'; id: bigint }
  | { kind: 'reject'; id: bigint; reason: string }
  | { kind: 'usage'; message: string }

/** Reads the command line; a reason is required to reject, at most 500 characters. */
export function parseCommand(args: string[]): Command {
  const [action, idText, ...rest] = args
  if (action === 'list' && args.length === 1) return { kind: 'list' }
  if ((action !== 'approve' && action !== 'reject') || !idText || !/^\d{1,18}$/.test(idText)) {
    return { kind: 'usage', message: USAGE }
  }
  if (action === 'approve') {
    return rest.length ? { kind: 'usage', message: USAGE } : { kind: 'approve', id: BigInt(idText) }
  }
  const reason = rest.join(' ').trim()
  if (!reason) return { kind: 'usage', message: 'a reason is required to reject a document' }
  if (reason.length > 500)
    return { kind: 'usage', message: 'the reason is too long (500 characters at most)' }
  return { kind: 'reject', id: BigInt(idText), reason }
}

/** Runs one command; returns the exit code. Output goes to `out` (lines), errors to `err`. */
export async function runCommand(
  service: VerificationService,
  command: Command,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  if (command.kind === 'usage') {
    err(command.message)
    return 64
  }
  if (command.kind === 'list') {
    const rows = await service.waiting()
    if (!rows.length) out('no documents are waiting for review')
    for (const d of rows) {
      out(
        [
          d.id.toString(),
          d.created_at.toISOString().slice(0, 16).replace('T', ' '),
          `player ${d.user_id} <${d.email}>`,
          d.document_type,
          `${d.file_name} (${d.content_type}, ${d.size_bytes} bytes, sha256 ${d.sha256.slice(0, 12)}…)`,
          d.description ? `"${d.description.replace(/\s+/g, ' ').slice(0, 80)}"` : '',
        ]
          .filter(Boolean)
          .join('  '),
      )
    }
    return 0
  }
  try {
    // The same decision as the back office's, with the command line as the audit log's actor.
    const { document, verified } = await service.decide(
      { actor: 'cli', request: { id: 'kyc:operator' } },
      command.id,
      command.kind,
      command.kind === 'reject' ? command.reason : undefined,
    )
    out(
      `document ${document.id} (${document.document_type}, player ${document.user_id}): ${document.status}` +
        (document.rejection_reason ? ` – ${document.rejection_reason}` : '') +
        (verified ? '; the player is verified' : ''),
    )
    return 0
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    err(
      error.code === 'not_found'
        ? `no document ${command.id}`
        : `document ${command.id} was reviewed already (only waiting documents are decided)`,
    )
    return 1
  }
}

/**
 * `npm run kyc:operator -- list | approve <id> | reject <id> "reason"`: the operator's review of
 * verification documents. The player is e-mailed the decision once it is committed. Embedded
 * database: stop the server first (one process opens it at a time).
 */
async function main() {
  const command = parseCommand(process.argv.slice(2))
  if (command.kind === 'usage') {
    console.error(command.message)
    process.exit(64)
  }
  await withDatabase(async (db, config) => {
    const { service, mail } = await operatorService(db, config)
    process.exitCode = await runCommand(
      service,
      command,
      (line) => console.log(line),
      (line) => console.error(line),
    )
    // Over SMTP the e-mail is delivered by its job: run it before the database closes.
    await mail.flush()
  })
}

if (import.meta.filename === process.argv[1]) await main()
