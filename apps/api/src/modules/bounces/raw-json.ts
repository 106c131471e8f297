import { copy } from "@shop/shared/copy";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "../../lib/errors.ts";
import { maxJsonDepth, nestsDeeperThan } from "../../plugins/body-limits.ts";

const rawBodies = new WeakMap<FastifyRequest, string>();

/** The body exactly as received, for signatures over the bytes sent (SendGrid). */
export const rawBodyOf = (request: FastifyRequest): string => rawBodies.get(request) ?? "";

/**
 * In the calling plugin's scope only: JSON bodies (also sent as text/plain, as SNS does) keep their
 * raw text beside the parsed value, with the app's depth check and Fastify's own JSON parser.
 */
export function keepRawJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  const types = ["application/json", "text/plain"];
  app.removeContentTypeParser(types);
  app.addContentTypeParser(types, { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    rawBodies.set(request, text);
    if (nestsDeeperThan(text, maxJsonDepth)) {
      done(badRequest(copy.errors.nestedTooDeeply), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
