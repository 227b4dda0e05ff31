import type { FastifyInstance } from 'fastify'

// Attendance of an event's dates (spec 3 §2.1, §6, §7 Events; spec 2 §7.1).
export async function attendanceRoutes(_app: FastifyInstance) {}
