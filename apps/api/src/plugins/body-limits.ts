import { copy } from "@shop/shared/copy";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { badRequest } from "../lib/errors.ts";

/**
 * The deepest body a schema asks for is 3 levels (a campaign audience: body → audience → tagIds).
 * 8 leaves room for schemas to grow and still stops `[[[…]]]` long before it costs anything.
 */
export const maxJsonDepth = 8;

/** A public write takes what its schema can hold, but never more than this (finding 4). */
export const publicBodyLimit = 16 * 1024;
/**
 * The floor, for one-field forms and bodies a route does not read (one-click unsubscribe): room for
 * a few unknown keys, so they are named in a 400 instead of answered by size.
 */
const smallestBodyLimit = 2 * 1024;

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * True when arrays and objects in a JSON text nest deeper than `limit`. One pass over the text
 * that skips strings (and the escapes in them) and counts brackets; it never builds a value.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      // More closing than opening: not JSON, and the parser says so at that character.
      if (depth === 0) return false;
      depth -= 1;
    }
  }
  return false;
}

type JsonSchema = {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** UTF-8 takes up to 3 bytes for one UTF-16 unit (a 4-byte emoji is 2 units). */
const bytesPerCharacter = 3;

/** The longest JSON text a schema accepts, in bytes; Infinity when something in it is unbounded. */
export function largestJson(schema: JsonSchema): number {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return Math.max(...options.map(largestJson));
  const constants = schema.enum ?? (schema.const === undefined ? undefined : [schema.const]);
  if (constants) return Math.max(...constants.map((value) => (JSON.stringify(value) ?? "").length * bytesPerCharacter));
  const types = [schema.type ?? "any"].flat();
  return Math.max(...types.map((type) => largestOfType(type, schema)));
}

function largestOfType(type: string, schema: JsonSchema): number {
  switch (type) {
    case "string":
      return (schema.maxLength ?? Number.POSITIVE_INFINITY) * bytesPerCharacter + 2;
    case "number":
    case "integer":
      return 24;
    case "boolean":
    case "null":
      return 5;
    case "array":
      return 2 + (schema.maxItems ?? Number.POSITIVE_INFINITY) * (largestJson(schema.items ?? {}) + 1);
    case "object": {
      if (schema.additionalProperties !== false) return Number.POSITIVE_INFINITY;
      const entries = Object.entries(schema.properties ?? {});
      return entries.reduce((sum, [key, value]) => sum + key.length + 4 + largestJson(value), 2);
    }
    default:
      return Number.POSITIVE_INFINITY;
  }
}

/** The body limit of a public write: what its body schema can hold, between 2 KB and 16 KB. */
export function publicBodyLimitFor(bodySchema: unknown): number {
  const largest =
    bodySchema instanceof z.ZodType
      ? largestJson(z.toJSONSchema(bodySchema, { io: "input", unrepresentable: "any" }) as JsonSchema)
      : 0;
  return Math.min(publicBodyLimit, Math.max(smallestBodyLimit, Math.ceil(largest)));
}

/**
 * Finding 4: before this, any public POST read 1 MB and a deep `[[[…]]]` held the event loop for
 * a third of a second on its way to a 400. Every public write now gets a body limit sized from
 * its schema unless it declares its own (so a public route added later is covered), and every JSON
 * body, on every route, is refused when it nests deeper than any schema needs, before it is parsed.
 * Registered before the routes, so its onRoute hook sees them all and they inherit the parser.
 */
export const bodyLimitsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRoute", (route) => {
    if (route.bodyLimit !== undefined || route.config?.access?.kind !== "public") return;
    if (![route.method].flat().some((method) => writeMethods.has(method))) return;
    route.bodyLimit = publicBodyLimitFor(route.schema?.body);
  });

  // Fastify's own parser after the check: empty bodies, invalid JSON and __proto__ / constructor
  // keys are answered as before (onProtoPoisoning and onConstructorPoisoning: "error").
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? "error",
    app.initialConfig.onConstructorPoisoning ?? "error",
  );
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (nestsDeeperThan(text, maxJsonDepth)) {
      done(badRequest(copy.errors.nestedTooDeeply), undefined);
      return;
    }
    parseJson(request, text, done);
  });
});
