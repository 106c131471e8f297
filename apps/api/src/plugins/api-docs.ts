import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * The OpenAPI description of every route, generated from the same zod schemas that validate them,
 * so an integrator's client and our server cannot disagree. Served as JSON at /api/docs.
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Smart Home Shop API",
        version: "1.0.0",
        description:
          "Every answer is { success, message, data? }. Staff routes need `Authorization: Bearer <token>` from POST /api/users/login.",
      },
      servers: [{ url: options.publicUrl }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
});
