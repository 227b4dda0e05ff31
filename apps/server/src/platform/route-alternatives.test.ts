import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { defineCall } from '@crm/domain'
import type { Deps } from './deps'
import { AppError, handleError } from './errors'
import { addRoute, alternative, hasAnyField, publicAccess, siteAdmin } from './route'

// Two calls on one path (as update-user): the body chooses the call, its access and its schema.
const main = defineCall({
  method: 'POST',
  path: '/shared',
  request: z.object({ name: z.string().min(1) }),
  response: z.object({ handled_by: z.string(), name: z.string().optional() }),
  summary: 'main',
})
const other = defineCall({
  method: 'POST',
  path: '/shared',
  request: z.object({ role: z.enum(['member', 'leader']) }),
  response: z.object({ handled_by: z.string(), role: z.string().optional() }),
  summary: 'other',
})
const guarded = defineCall({
  method: 'POST',
  path: '/shared',
  request: z.object({ secret: z.string() }),
  response: z.object({ handled_by: z.string() }),
  summary: 'guarded',
})

let app: FastifyInstance
beforeAll(async () => {
  app = Fastify()
  app.decorate('deps', {} as Deps)
  app.decorateRequest('viewer', null)
  app.decorateRequest('scope', undefined)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(handleError)
  await app.register(multipart)
  addRoute(app, main, publicAccess, ({ input }) => ({ handled_by: 'main', name: input.name }), {
    alternatives: [
      alternative(guarded, siteAdmin, hasAnyField('secret'), () => ({ handled_by: 'guarded' })),
      alternative(other, publicAccess, hasAnyField('role'), ({ input }) => {
        if (input.role === 'member') throw new AppError('conflict', {}, 'No members here')
        return { handled_by: 'other', role: input.role }
      }),
    ],
  })
  await app.ready()
})
afterAll(async () => app.close())

const send = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/shared', payload })

describe('addRoute alternatives (a path two calls share)', () => {
  it('gives a body to the call whose fields it has, else to the main call', async () => {
    expect((await send({ name: 'Ann' })).json()).toEqual({ handled_by: 'main', name: 'Ann' })
    expect((await send({ role: 'leader' })).json()).toEqual({ handled_by: 'other', role: 'leader' })
  })

  it("validates the body with the chosen call's schema, in the usual 400 envelope", async () => {
    const bad = await send({ role: 'boss' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().data.errors)).toEqual(['role'])
    const badMain = await send({ name: '' })
    expect(badMain.statusCode).toBe(400)
    expect(Object.keys(badMain.json().data.errors)).toEqual(['name'])
  })

  it("answers the chosen handler's error in the error envelope", async () => {
    const response = await send({ role: 'member' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'conflict', message: 'No members here' })
  })

  it("checks the chosen call's access before its schema", async () => {
    const response = await send({ secret: 'x' })
    expect(response.statusCode).toBe(401)
  })

  it('refuses an alternative on another path at registration', () => {
    const elsewhere = defineCall({ ...other, path: '/elsewhere' })
    expect(() =>
      addRoute(app, main, publicAccess, () => ({ handled_by: 'x' }), {
        alternatives: [
          alternative(
            elsewhere,
            publicAccess,
            () => true,
            () => ({ handled_by: 'x' }),
          ),
        ],
      }),
    ).toThrow(/share the method and path/)
  })
})
