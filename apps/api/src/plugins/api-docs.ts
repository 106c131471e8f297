import swagger from "@fastify/swagger";
import { errorResponseSchema } from "@shop/shared/schemas/common";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";

/** A multipart form's fields, as JSON Schema: documentation only, since the handler reads the parts itself. */
export type FormFields = Record<
  string,
  | { type: "string"; format?: "binary"; description?: string }
  | {
      type: "array";
      items: { type: "string"; format?: "binary" };
      description?: string;
    }
>;

/**
 * An answer that is not the JSON envelope (a CSV file, an HTML page, XML, an image, a redirect), for
 * the API description: what it is, and its media type (none for a redirect).
 */
export type NonJsonAnswer = { description: string; type?: string };

declare module "fastify" {
  interface FastifyContextConfig {
    /** The fields of a multipart/form-data body, for the API description. */
    formFields?: FormFields;
    /** Answers by status that the route sends itself, outside any response schema. */
    nonJsonAnswers?: Record<number, NonJsonAnswer>;
  }
}

const refusals = {
  400: "The input is invalid: `errors` names each field",
  401: "No valid bearer token",
  403: "The caller's role lacks the permission, or must set up a second factor first",
  404: "Not found",
  413: "The body is too large",
  415: "The body is not of the declared media type",
  429: "Too many requests: try again later",
} as const;

type Status = keyof typeof refusals;

function refusal(description: string) {
  return { description, content: { "application/json": { schema: errorResponseSchema } } };
}

function nonJson({ description, type }: NonJsonAnswer) {
  return type ? { description, content: { [type]: { schema: z.string() } } } : z.null().describe(description);
}

/**
 * The refusals every route of a kind can answer, read from what it declares: inputs can be invalid,
 * a non-public route needs a token (and the permission), a path names something that may not exist,
 * a body has a size limit, a rate-limited route says 429. Statuses a route answers for its own
 * reasons (409, 502) it lists in its own response schema.
 */
function refusalsOf(route: RouteOptions, schema: FastifySchema): Status[] {
  const config = route.config ?? {};
  const access = config.access;
  const hasBody = Boolean(schema.body || config.formFields);
  const statuses: Status[] = [];
  if (hasBody || schema.querystring || schema.params) statuses.push(400);
  if (access && access.kind !== "public") statuses.push(401, 403);
  if (schema.params || /:\w/.test(route.url)) statuses.push(404);
  if (hasBody) statuses.push(413, 415);
  if ("rateLimit" in config && config.rateLimit) statuses.push(429);
  return statuses;
}

/** "List published posts" → "listPublishedPosts": an operationId client generators can name methods by. */
function operationIdOf(summary: string): string {
  const words = summary
    .replace(/'/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1))).join("");
}

/**
 * Adds what the route table knows to each operation before the zod schemas become JSON Schema:
 * who may call it (bearer unless public), the refusals it can answer, and a multipart body.
 */
const describeRoute: typeof jsonSchemaTransform = (document) => {
  const { route } = document as typeof document & { route: RouteOptions };
  const schema: FastifySchema & Record<string, unknown> = { ...document.schema };
  if (typeof schema.summary === "string") schema.operationId ??= operationIdOf(schema.summary);
  const access = route.config?.access;
  if (access) schema.security = access.kind === "public" ? [] : [{ bearer: [] }];
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const [status, answer] of Object.entries(route.config?.nonJsonAnswers ?? {})) response[status] = nonJson(answer);
  for (const status of refusalsOf(route, schema)) response[status] ??= refusal(refusals[status]);
  schema.response = response;
  const formFields = route.config?.formFields;
  if (formFields) {
    const transformed = jsonSchemaTransform({ ...document, schema });
    return {
      ...transformed,
      schema: {
        ...transformed.schema,
        consumes: ["multipart/form-data"],
        body: { type: "object", properties: formFields },
      },
    };
  }
  return jsonSchemaTransform({ ...document, schema });
};

/**
 * The OpenAPI description of every route, generated from the same zod schemas that validate them,
 * so an integrator's client and our server cannot disagree. Served as JSON at /api/docs.
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12, where a nullable field is `anyOf [..., { type: "null" }]`.
      openapi: "3.1.0",
      info: {
        title: "Smart Home Shop API",
        version: "1.0.0",
        description:
          "Every answer is { success, message, data? }. Staff routes need `Authorization: Bearer <token>` from POST /api/users/login.",
      },
      servers: [{ url: options.publicUrl }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: describeRoute,
  });
});
