import type { FastifyInstance } from 'fastify'

// The calendar url (spec 1 §7 ical-url) and its reset from the profile.
export async function calendarRoutes(_app: FastifyInstance) {}

/** The feed itself, /ical/{token}.ics, outside /api/v1: calendar apps fetch it without a session. */
export async function icalFeedRoutes(_app: FastifyInstance) {}
