import { bounceCopy } from "@shop/shared/schemas/bounces";
import type { FastifyRequest } from "fastify";
import { notFound, unauthorized } from "../../lib/errors.ts";

/** Answers 404 before the body is read when the adapter's secret is not configured. */
export const offUnless = (configured: boolean) => async () => {
  if (!configured) throw notFound(bounceCopy.notConfigured);
};

/** Answers 401 unless the request carries the adapter's credentials. */
export const refuseUnless = (check: (request: FastifyRequest) => boolean) => async (request: FastifyRequest) => {
  if (!check(request)) throw unauthorized(bounceCopy.wrongToken);
};
