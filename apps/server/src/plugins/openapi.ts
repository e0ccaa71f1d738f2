import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { EndpointSchemas } from '@mawadda/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The OpenAPI document is generated from the contract's schemas on the routes: never by hand. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mawadda API',
        description:
          'The API behind the Mawadda web app. Paths and fields follow the product specification.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (document) => {
      const { form, ...schema } = (document.schema ?? {}) as { form?: EndpointSchemas['form'] };
      const transformed = jsonSchemaTransform({ ...document, schema });
      if (!form) return transformed;
      return { ...transformed, schema: { ...transformed.schema, ...multipartDocumentation(form) } };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Swagger UI's own Content-Security-Policy, with the hashes of its inline scripts.
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    theme: { title: 'Mawadda API' },
  });
}

/**
 * A multipart endpoint documented from the same fields schema the handler checks: its output side
 * says what each field must read as (the input side of the form helpers accepts anything).
 */
function multipartDocumentation(form: NonNullable<EndpointSchemas['form']>) {
  const fields = z.toJSONSchema(form.fields, { io: 'output', target: 'openapi-3.0' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const files = Object.fromEntries(
    Object.entries(form.files).map(([name, description]) => [
      name,
      { type: 'array', description, items: { type: 'string', format: 'binary' } },
    ]),
  );
  return {
    consumes: ['multipart/form-data'],
    body: {
      type: 'object',
      properties: { ...fields.properties, ...files },
      // OpenAPI 3.0 allows no empty `required` list: a form without required fields has none.
      ...(fields.required?.length ? { required: fields.required } : {}),
    },
  };
}
