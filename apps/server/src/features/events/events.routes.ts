import type { FastifyInstance } from 'fastify'

// Events and their occurrences (spec 3 §6, §7 Events; spec 1 §7 events-today).
export async function eventRoutes(_app: FastifyInstance) {}
