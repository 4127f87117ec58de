import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI built from the routes' zod schemas; served at /api/docs/json. */
export const docsPlugin = fp(async (app: FastifyInstance, { version }: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'ARLO API', version },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
});
