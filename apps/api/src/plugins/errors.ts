import { copy } from "@shop/shared/copy";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, isDatabaseUnavailable, isDataException, loggableError } from "../lib/errors.ts";

type ValidationIssue = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[]; input?: unknown };
};

function humanize(field: string): string {
  const last = field.split(".").pop() ?? field;
  const words = last.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Turns validation issues into `{ field: message }`, naming unknown keys one by one. */
function fieldErrors(issues: ValidationIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const base = (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".");
    if (issue.keyword === "unrecognized_keys") {
      for (const key of issue.params?.keys ?? []) errors[base ? `${base}.${key}` : key] = copy.validation.unknownField;
      continue;
    }
    const field = base || "_";
    const missing = issue.keyword === "invalid_type" && issue.message?.endsWith("received undefined");
    errors[field] ??= missing
      ? copy.validation.required(humanize(field))
      : (issue.message ?? copy.validation.invalidInput);
  }
  return errors;
}

const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: copy.errors.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: copy.errors.malformedJson,
  FST_ERR_CTP_BODY_TOO_LARGE: copy.errors.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: copy.errors.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: copy.validation.invalidInput,
};

/** One handler, one envelope. A 5xx never shows its text or stack; it is logged with the request id. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        success: false,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as ValidationIssue[]);
      const first = Object.values(errors)[0];
      return reply.status(400).send({ success: false, message: first ?? copy.validation.invalidInput, errors });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggableError(error) }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ success: false, message: copy.errors.databaseUnavailable });
    }
    if (isDataException(error)) {
      return reply.status(400).send({ success: false, message: copy.validation.invalidInput });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        clientErrorMessages[error.code] ??
        (status === 429 ? copy.errors.tooManyRequests : copy.validation.invalidInput);
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: loggableError(error) }, "request failed");
    const unavailable = status === 503;
    return reply.status(unavailable ? 503 : 500).send({
      success: false,
      message: unavailable ? copy.errors.databaseUnavailable : copy.somethingWentWrong,
    });
  });
});

/** An address that does not decode (broken percent-encoding) never reaches a route or the error handler. */
export function answerBadUrl(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.status(400);
  if (request.url.startsWith("/api/")) reply.send({ success: false, message: copy.errors.badUrl });
  else reply.type("text/plain; charset=utf-8").send(copy.errors.badUrl);
}
