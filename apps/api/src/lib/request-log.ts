import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

const quietPaths = new Set(["/api/health", "/metrics", "/robots.txt", "/sitemap.xml"]);
const quietPrefixes = ["/assets/", "/uploads/"];
const fileName = /\/[^/]*\.[a-z0-9]+$/i;

/** Static files and probes: a browser or a load balancer asks for them many times a minute. */
function isQuietRequest(request: FastifyRequest): boolean {
  const url = request.url;
  // API calls, most of the traffic, are settled without cutting the URL: only the probe is quiet.
  if (url.startsWith("/api/")) return url === "/api/health" || url.startsWith("/api/health?");
  const query = url.indexOf("?");
  const pathname = query < 0 ? url : url.slice(0, query);
  if (quietPaths.has(pathname) || quietPrefixes.some((prefix) => pathname.startsWith(prefix))) return true;
  // Files at the root of the web app: favicon, service worker, manifest, images.
  return fileName.test(pathname);
}

/**
 * Writes API and page requests at info, static files and probes at debug (LOG_LEVEL=debug shows
 * them); a static file or probe that fails is written at info all the same.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (isQuietRequest(request)) request.log.debug({ req: request }, "incoming request");
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && reply.statusCode < 400 && isQuietRequest(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
    } else {
      super.requestCompleted(error, request, reply);
    }
  }
}
