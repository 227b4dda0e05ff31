import { fieldError } from '@crm/domain'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FileLimits } from '@crm/domain'
import type { AppError } from './errors'
import { refuseField } from './field-refusals'

/** A file of a call that takes files, kept in a temporary folder until the answer is sent. */
export interface UploadedFile {
  /** The form field that carried it. */
  field: string
  filename: string
  mimetype: string
  size: number
  /** Where it is on disk; removed once the answer is sent. */
  path: string
}

/** Fields of one form; the largest call has a few dozen. */
const maxFields = 200

function tooLarge(field: string, message: string, bytes: number): AppError {
  return refuseField(field, fieldError('file_too_large', { bytes }), { code: 'payload_too_large', message })
}

function addField(fields: Record<string, unknown>, name: string, value: unknown): void {
  // A repeated name is a list, as in a query string.
  const current = fields[name]
  if (current === undefined) fields[name] = value
  else if (Array.isArray(current)) current.push(value)
  else fields[name] = [current, value]
}

/**
 * Reads multipart form data as it streams in, never more than the call allows: its fields
 * (at most `bodyLimit` bytes, as JSON), and only for a call with `files`, its files, written
 * to a temporary folder with the call's size and count limits. `beforeFiles` runs with the
 * fields read so far when the first file begins (the access check), so the fields a check
 * needs come first in the form. A refused part ends the reading there: the rest of the
 * body is never read.
 */
export async function readMultipart(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { bodyLimit: number; files?: FileLimits | undefined; beforeFiles: (fields: Record<string, unknown>) => Promise<void> },
): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const limits = options.files
  const maxBytes = options.bodyLimit + (limits ? limits.maxFiles * limits.maxFileSize : 0)
  if (Number(request.headers['content-length']) > maxBytes) throw tooLarge('_', `The request may have at most ${maxBytes} bytes`, maxBytes)
  const fields: Record<string, unknown> = {}
  const files: UploadedFile[] = []
  let fieldBytes = 0
  let folder: string | undefined
  const parts = request.parts({
    limits: {
      fields: maxFields,
      fieldSize: options.bodyLimit,
      files: limits?.maxFiles ?? 0,
      // One byte more than allowed, so the count below sees the file is too large.
      fileSize: (limits?.maxFileSize ?? 0) + 1,
      parts: maxFields + (limits?.maxFiles ?? 0),
    },
  })
  for await (const part of parts) {
    if (part.type === 'field') {
      fieldBytes += part.fieldname.length + (typeof part.value === 'string' ? part.value.length : JSON.stringify(part.value).length)
      if (part.valueTruncated || fieldBytes > options.bodyLimit) {
        throw tooLarge(part.fieldname, `The form's fields may have at most ${options.bodyLimit} bytes`, options.bodyLimit)
      }
      addField(fields, part.fieldname, part.value)
      continue
    }
    // A call without files never gets here: busboy refuses the part (files: 0), a 413.
    if (files.length === 0) await options.beforeFiles(fields)
    if (!folder) {
      const created = await mkdtemp(join(tmpdir(), 'crm-upload-'))
      folder = created
      reply.raw.once('close', () => void rm(created, { recursive: true, force: true }))
    }
    const maxFileSize = limits!.maxFileSize
    const field = part.fieldname
    let size = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length
        if (size > maxFileSize) done(tooLarge(field, `A file may have at most ${maxFileSize} bytes`, maxFileSize))
        else done(null, chunk)
      },
    })
    const path = join(folder, String(files.length))
    await pipeline(part.file, counter, createWriteStream(path))
    files.push({ field, filename: part.filename, mimetype: part.mimetype, size, path })
  }
  return { fields, files }
}
