import type { FastifyInstance } from 'fastify'

// Transfers (spec 3 §2.2, §6, §7 Transfers). Built by issue 18.
export async function transferRoutes(_app: FastifyInstance) {}
