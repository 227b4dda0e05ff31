import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { jobRuns, mailOutbox } from '../db/schema/index'
import { createTestApp, type TestApp } from '../../test/harness'
import { deliverDueMail, queueMail } from './mail'
import { runJob, platformJobs } from './jobs'

interface Received {
  to: string[]
  raw: string
}

/** A real SMTP listener on 127.0.0.1 that records what it receives. */
async function startSmtp(options: { reject?: boolean } = {}) {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
      stream.on('end', () => {
        if (options.reject) return callback(new Error('mailbox unavailable'))
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

describe('the mail outbox', () => {
  it('keeps mail in the outbox when no SMTP_URL is set, readable at /dev/mail', async () => {
    const id = await queueMail(
      t.db,
      { config: t.config, now: () => new Date() },
      { to: 'ann@crm.test', subject: 'Welcome <Ann>', text: 'Open http://crm.test/activate?key=abc to start.', template: 'activation' },
    )
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    expect(row!.status).toBe('kept')

    const list = await t.call({ method: 'GET', url: '/dev/mail' })
    expect(list.statusCode).toBe(200)
    expect(list.headers['content-type']).toContain('text/html')
    expect(list.body).toContain('Welcome &lt;Ann&gt;')
    expect(list.body).toContain(`/dev/mail/${id}`)
    const message = await t.call({ method: 'GET', url: `/dev/mail/${id}` })
    expect(message.body).toContain('<a href="http://crm.test/activate?key=abc">')
    expect((await t.call({ method: 'GET', url: '/dev/mail/999999' })).statusCode).toBe(404)
  })

  it('delivers pending mail over SMTP and marks it sent', async () => {
    const smtp = await startSmtp()
    try {
      const deps = { ...t.app.deps, config: { ...t.config, smtpUrl: smtp.url } }
      const id = await queueMail(t.db, deps, { to: 'bob@crm.test', subject: 'Reset your password', text: 'Here is your link.', template: 'reset' })
      expect(await deliverDueMail(deps)).toBe('sent 1 of 1')
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]!.to).toEqual(['bob@crm.test'])
      expect(smtp.received[0]!.raw).toContain('Subject: Reset your password')
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
      expect(row).toMatchObject({ status: 'sent', attempts: 1 })
      // A second run sends nothing again.
      expect(await deliverDueMail(deps)).toBeUndefined()
      expect(smtp.received).toHaveLength(1)
    } finally {
      await smtp.close()
    }
  })

  it('backs off after a failed delivery and records the error', async () => {
    const smtp = await startSmtp({ reject: true })
    try {
      const deps = { ...t.app.deps, config: { ...t.config, smtpUrl: smtp.url } }
      const id = await queueMail(t.db, deps, { to: 'cy@crm.test', subject: 'Invite', text: 'Join us.', template: 'invite' })
      await runJob(deps, { ...platformJobs.find((job) => job.name === 'mail-delivery')!, run: (d) => deliverDueMail(d) })
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
      expect(row!.status).toBe('pending')
      expect(row!.last_error).toContain('mailbox unavailable')
      expect(row!.next_attempt_at.getTime()).toBeGreaterThan(Date.now())
      const runs = await t.db.select().from(jobRuns).where(eq(jobRuns.job, 'mail-delivery'))
      expect(runs.at(-1)).toMatchObject({ status: 'done', detail: 'sent 0 of 1' })
    } finally {
      await smtp.close()
    }
  })
})
