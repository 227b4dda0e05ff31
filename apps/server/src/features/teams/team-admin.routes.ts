import type { FastifyInstance } from 'fastify'

/** Issue 15 fills this in. */
export async function teamAdminRoutes(_app: FastifyInstance) {}
