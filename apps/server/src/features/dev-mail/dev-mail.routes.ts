import type { FastifyInstance } from 'fastify'
import { desc, eq } from 'drizzle-orm'
import { mailOutbox } from '../../db/schema/index'
import { escapeHtml } from '../../platform/sanitize'

// Outside production the outbox is readable here, so sign-up, reset and invite links can be
// followed without a mail server (DESIGN.md §7). It is not registered in production.
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style>
</head><body>${body}</body></html>`

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
}

export async function devMailRoutes(app: FastifyInstance) {
  app.get('/dev/mail', { config: { access: { kind: 'public' } } }, async (_request, reply) => {
    const rows = await app.deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(200)
    const list = rows
      .map(
        (row) =>
          `<tr><td>${row.created_at.toISOString().slice(0, 19).replace('T', ' ')}</td><td>${escapeHtml(row.to_address)}</td>` +
          `<td><a href="/dev/mail/${row.id}">${escapeHtml(row.subject)}</a></td><td>${row.status}</td></tr>`,
      )
      .join('')
    const body = `<h1>Mail outbox</h1><p>Every mail the app has sent. Kept here outside production.</p>
<table><thead><tr><th>Created</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${list || '<tr><td colspan="4">Nothing found.</td></tr>'}</tbody></table>`
    return reply.type('text/html').send(page('Mail outbox', body))
  })

  app.get<{ Params: { id: string } }>('/dev/mail/:id', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    const id = Number(request.params.id)
    const [row] = Number.isInteger(id) && id > 0 ? await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)) : []
    if (!row) return reply.code(404).type('text/html').send(page('Not found', '<p>Nothing found.</p>'))
    const body = `<p><a href="/dev/mail">Back to the outbox</a></p><h1>${escapeHtml(row.subject)}</h1>
<p>To: ${escapeHtml(row.to_address)}</p><pre>${linkify(row.text_body)}</pre>`
    return reply.type('text/html').send(page(row.subject, body))
  })
}
