import type { FastifyInstance } from 'fastify'

export async function qrCardRoutes(app: FastifyInstance) {
  void app
}
