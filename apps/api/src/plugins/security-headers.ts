import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // React sets style attributes; no inline scripts are ever allowed.
  "style-src 'self' 'unsafe-inline'",
  // Staff may point product, banner and blog images at an https CDN (imageUrlSchema); an image runs no code.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** The same for every answer, so they are built once and set with one call. */
const staticHeaders = {
  "content-security-policy": contentSecurityPolicy,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-permitted-cross-domain-policies": "none",
};

/**
 * A strict CSP (no inline scripts), no framing, nosniff, a tight referrer policy.
 * HSTS only when the request really came over HTTPS; API answers are never cached unless a route says so.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(staticHeaders);
    if (request.protocol === "https") reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
    done();
  });
});
