import { z } from 'zod';
import type { RouteDef } from './define';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

/**
 * The sandbox's own OpenAPI 3.1 document, made from the very schemas its routes validate with, so it cannot drift.
 * Operations and fields the vendor's API lacks carry `x-extension: true`.
 */
export function buildOpenApiDocument(routes: readonly RouteDef[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const def of routes) {
    const operation: JsonSchema = {
      operationId: def.operationId,
      summary: def.summary,
      tags: def.tags,
      ...(def.extension ? { 'x-extension': true } : {}),
      ...(def.public ? { security: [] } : {}),
      parameters: [...parameters(def.params, 'path'), ...parameters(def.query, 'query')],
      ...(def.body
        ? {
            requestBody: {
              required: !def.bodyOptional,
              content: { 'application/json': { schema: jsonSchema(def.body, 'input') } },
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(def.responses).map(([status, doc]) => [
          status,
          {
            description: doc.description,
            ...(doc.schema
              ? { content: { 'application/json': { schema: jsonSchema(doc.schema, 'output') } } }
              : {}),
          },
        ]),
      ),
    };
    paths[def.path] = { ...paths[def.path], [def.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payout Console sandbox',
      version: '1.0.0',
      description:
        'A stateful local implementation of the payout service. `x-extension: true` marks what the vendor API lacks.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' } } },
    security: [{ basic: [] }],
    paths,
  };
}
