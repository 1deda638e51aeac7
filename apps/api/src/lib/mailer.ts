import nodemailer from 'nodemailer'
import type { Logger } from './context.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  replyTo?: string
}

export interface Mailer {
  /** false when no SMTP server is configured. */
  enabled: boolean
  send(mail: Mail): Promise<void>
}

export function createMailer(smtpUrl: string | undefined, from: string, log: Logger): Mailer {
  if (!smtpUrl) {
    return {
      enabled: false,
      async send(mail) {
        log.info({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is not configured')
      },
    }
  }
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    enabled: true,
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
  }
}
