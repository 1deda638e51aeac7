import { z } from 'zod'
import { cliServices, withDatabase } from './cli.ts'
import { AppError } from './lib/errors.ts'

export const USAGE =
  'usage: npm run staff:create -- <e-mail> [--name "Full Name"] [--role owner|admin|payments|kyc|support|marketing|read-only|<custom>]'

/** Reads the command line: an e-mail, then an optional name and role (the first member is an owner). */
export function parseArgs(args: string[]): { email: string; name: string; role: string } | { usage: string } {
  const [email, ...rest] = args
  if (!email || !z.email().safeParse(email).success) return { usage: USAGE }
  let name = email.split('@')[0]!
  let role = 'owner'
  for (let i = 0; i < rest.length; i += 2) {
    const value = rest[i + 1]
    if (!value) return { usage: USAGE }
    if (rest[i] === '--name') name = value.trim().slice(0, 100)
    else if (rest[i] === '--role') role = value
    else return { usage: USAGE }
  }
  return { email, name, role }
}

/**
 * `npm run staff:create`: creates a back-office member (on a fresh install, the first owner) and
 * prints their one-time set-up link, valid 48 hours: with it they choose a password and enrol
 * their authenticator at /backoffice/setup. No database
 * shell is needed; with the embedded database, stop the server first.
 */
async function main() {
  const parsed = parseArgs(process.argv.slice(2))
  if ('usage' in parsed) {
    console.error(parsed.usage)
    process.exit(64)
  }
  await withDatabase(async (db, config) => {
    const { staff } = await cliServices(db, config)
    try {
      const created = await staff.create(parsed.email, parsed.name, parsed.role, 'cli')
      console.log(`Staff member ${parsed.email} (${parsed.role}) created, id ${created.id}.`)
      console.log(`One-time set-up link, valid until ${created.expiresAt.toISOString()}:`)
      console.log(`  ${config.publicOrigin}/backoffice/setup#${created.token}`)
      console.log('With it the member chooses a password and enrols an authenticator app.')
    } catch (error) {
      if (error instanceof AppError) {
        console.error(`not created: ${JSON.stringify(error.fieldErrors ?? error.code)}`)
        process.exitCode = 65
        return
      }
      throw error
    }
  })
}

if (import.meta.filename === process.argv[1]) await main()
