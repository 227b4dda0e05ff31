import { bornYearsAgo, buildContact, post, type Church } from './contact-factories'
import { body, type TestApp } from './harness'

/** A child of the church with a parent or carer to ask (factory). */
export function buildChild(t: TestApp, c: Church, person: Record<string, unknown> = {}): Promise<number> {
  return buildContact(t, {
    teamId: c.church,
    person: {
      first_name: 'Mia',
      last_name: 'Child',
      ...bornYearsAgo(t, 10),
      parent_carer_first_name: 'Pam',
      parent_carer_last_name: 'Parent',
      parent_carer_relationship: 'mother',
      parent_carer_email: 'pam@example.com',
      ...person,
    },
  })
}

export const contactScopeOf = (c: Church, contact: number) => ({ team_id: c.church, group_id: c.church, user_id: contact })

/** The key of a consent page's link. */
export function keyOf(url: string): string {
  return new URL(url).pathname.split('/').pop()!
}

/** A new parental link of `mode` for the child, by the church's leader; its key. */
export async function parentalKey(t: TestApp, c: Church, contact: number, mode: 'signature' | 'photo' = 'signature'): Promise<string> {
  const path = mode === 'signature' ? 'consentia-qr-for-parent' : 'consentia-embed-url'
  const response = await post(t, path, c.leader.token, contactScopeOf(c, contact))
  if (response.statusCode !== 200) throw new Error(response.body)
  return keyOf(body(response).url as string)
}

export interface UploadPart {
  field: string
  bytes: Buffer
  type?: string
  filename?: string
}

/** A multipart form as a browser sends it: fields first, then the file. */
export function multipartForm(fields: Array<[string, string]>, file?: UploadPart) {
  const boundary = '----consent-test-boundary'
  const parts: Buffer[] = fields.map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename ?? 'upload.bin'}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** The parent's answer on the public page. */
export function submitAnswer(t: TestApp, key: string, fields: Array<[string, string]>, file?: UploadPart) {
  return t.call({ method: 'POST', url: `/api/v1/submit-consent/${key}`, ...multipartForm(fields, file) })
}

export const parentFields: Array<[string, string]> = [
  ['parent_carer_first_name', 'Paula'],
  ['parent_carer_last_name', 'Parent'],
  ['parent_carer_relationship', 'mother'],
  ['parent_carer_email', 'paula@example.com'],
]
