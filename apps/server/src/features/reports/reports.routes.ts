import type { FastifyInstance } from 'fastify'

// Reports (spec 3 §2.3, §6 read_own_report, §7 Reports). Built by issue 18.
export async function reportRoutes(_app: FastifyInstance) {}
