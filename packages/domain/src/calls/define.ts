import type { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'DELETE'

/** What a call that takes files accepts: at most `maxFiles` files of at most `maxFileSize` bytes each. */
export interface FileLimits {
  maxFileSize: number
  maxFiles: number
}

/**
 * One call of the wire: its method, its path under /api/v1 (Fastify style, `:id` for a
 * path parameter), and its schemas. GET requests are the query string; POST and DELETE
 * requests are the JSON or multipart body, never the query string. Only a call with `files`
 * takes files: multipart form data whose fields come before its files.
 */
export interface Call<
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod
  path: string
  params?: Params
  request: Request
  response: Response
  summary: string
  /** The files the call takes; a call without it refuses a file part. */
  files?: FileLimits
  /** A call that answers a download rather than JSON: the file's media type. */
  answersFile?: string
}

export function defineCall<Params extends z.ZodObject | undefined, Request extends z.ZodType, Response extends z.ZodType>(
  call: Call<Params, Request, Response>,
): Call<Params, Request, Response> {
  return call
}

type ParamsSchemaOf<C extends Call> = NonNullable<C['params']>
/** The path parameters of a call; undefined for a call without any (its shape is the loose default). */
export type CallParams<C extends Call> =
  ParamsSchemaOf<C> extends z.ZodObject ? (string extends keyof z.input<ParamsSchemaOf<C>> ? undefined : z.input<ParamsSchemaOf<C>>) : undefined
/** What a caller sends: the request schema's input (defaults may be left out). */
export type InputOf<C extends Call> = z.input<C['request']>
/** What a call answers, as parsed: the response schema's output. */
export type OutputOf<C extends Call> = z.output<C['response']>
