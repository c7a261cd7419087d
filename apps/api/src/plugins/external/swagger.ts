import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@aaspaas/domain';

/**
 * OpenAPI generated from the zod contracts: UI at /api/docs, JSON at /api/docs/json, served only with
 * API_DOCS_PUBLIC (off in production by default). The document is still built (`fastify.swagger()`).
 */
export default fp(
  async (fastify) => {
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: `${PRODUCT_NAME} API`, description: 'Hyperlocal business posts for people nearby.', version: '0.1.0' },
        components: {
          securitySchemes: { visitor: { type: 'apiKey', in: 'header', name: 'X-Visitor-Id' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    if (fastify.config.API_DOCS_PUBLIC) await fastify.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'swagger', dependencies: ['env'] },
);
