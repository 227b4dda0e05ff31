import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Executor } from '../db/client'
import { mailOutbox } from '../db/schema/index'
import type { Deps } from './deps'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  /** What kind of mail this is: activation, reset, invite … */
  template: string
}

/**
 * Every mail is a row first (DESIGN.md §7). With SMTP configured the mail job delivers
 * it; without, it is kept in the outbox and readable at /dev/mail outside production.
 */
export async function queueMail(tx: Executor, deps: Pick<Deps, 'config' | 'now'>, mail: Mail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      template: mail.template,
      status: deps.config.smtpUrl ? 'pending' : 'kept',
      next_attempt_at: deps.now(),
    })
    .returning({ id: mailOutbox.id })
  return row!.id
}

const batchSize = 20
const maxAttempts = 8
// A claimed mail is not due again for this long, so two workers never send it twice.
const claimMinutes = 5

// One pooled connection per SMTP_URL for the life of the process.
const transports = new Map<string, Transporter>()
function smtpTransport(url: string): Transporter {
  let transport = transports.get(url)
  if (!transport) {
    transport = nodemailer.createTransport(url)
    transports.set(url, transport)
  }
  return transport
}

/** The mail job: claims due rows, sends them, and backs off exponentially on failure. */
export async function deliverDueMail(deps: Deps, send?: (mail: Mail & { from: string }) => Promise<void>): Promise<string | void> {
  const smtpUrl = deps.config.smtpUrl
  if (!smtpUrl && !send) return
  const deliver =
    send ??
    ((mail: Mail & { from: string }) =>
      smtpTransport(smtpUrl!)
        .sendMail(mail)
        .then(() => undefined))
  const now = deps.now()
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          // Queued, claimed and retried on the same clock (deps.now), so a mail is due at once.
          lte(mailOutbox.next_attempt_at, now),
        ),
      )
      .orderBy(mailOutbox.next_attempt_at)
      .limit(batchSize)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        next_attempt_at: new Date(now.getTime() + claimMinutes * 60_000),
      })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning()
  })
  let sent = 0
  for (const row of claimed) {
    try {
      await deliver({
        from: deps.config.mailFrom,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body ? { html: row.html_body } : {}),
        template: row.template,
      })
      await deps.db.update(mailOutbox).set({ status: 'sent', sent_at: deps.now(), last_error: null }).where(eq(mailOutbox.id, row.id))
      sent++
    } catch (error) {
      const failed = row.attempts >= maxAttempts
      const backoffMinutes = 2 ** row.attempts
      await deps.db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          last_error: String((error as Error).message ?? error).slice(0, 500),
          next_attempt_at: new Date(deps.now().getTime() + backoffMinutes * 60_000),
        })
        .where(eq(mailOutbox.id, row.id))
      deps.log.warn({ mailId: row.id, attempt: row.attempts }, 'mail delivery failed')
    }
  }
  if (claimed.length > 0) return `sent ${sent} of ${claimed.length}`
}
