import { copy } from "@shop/shared/copy";
import { type Requirement, satisfies } from "@shop/shared/permissions";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { loadPrincipal, noteSessionSeen, type Principal } from "../core/principal.ts";
import type { Db } from "../db/client.ts";
import { forbidden, unauthorized } from "../lib/errors.ts";
import type { TokenSigner } from "../lib/tokens.ts";

/**
 * What a route needs: `public` (anyone), `authenticated` (any signed-in staff member),
 * or a permission requirement checked against the caller's role.
 */
export type Access = { kind: "public" } | { kind: "authenticated" } | { kind: "permission"; requirement: Requirement };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** Lets GET /api/users/get-user read its token from `?token=` as the spec says. */
    queryToken?: boolean;
    /** Open to a user whose role requires a second factor they have not set up yet (enrolment, sign-out). */
    beforeTwoFactorSetup?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every API route with the access it declared, for the tests that walk the route table. */
    routeAccess: RouteAccess[];
  }
}

export type RouteAccess = { method: string; url: string; access: Access };

export const publicRoute = { access: { kind: "public" } } as const satisfies { access: Access };
export const authenticatedRoute = { access: { kind: "authenticated" } } as const satisfies { access: Access };
export function requirePermission(requirement: Requirement): { access: Access } {
  return { access: { kind: "permission", requirement } };
}

/** The signed-in caller, for handlers behind a non-public route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(copy.auth.unauthorized);
  return request.principal;
}

function tokenFrom(request: FastifyRequest, config: FastifyContextConfig): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || undefined;
  if (config.queryToken) {
    const query = request.query as Record<string, unknown> | undefined;
    if (typeof query?.token === "string" && query.token.length > 0) return query.token;
  }
  return undefined;
}

type AuthOptions = { db: Db; tokens: TokenSigner };

/**
 * Resolves the bearer token to a principal on every request and enforces the route's declared
 * access before its body is even parsed. A route under /api without a declaration cannot be
 * registered: forgetting one fails at start-up, not in production.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  app.decorateRequest("principal", null);
  const table: RouteAccess[] = [];
  app.decorate("routeAccess", table);

  app.addHook("onRoute", (route) => {
    const config: FastifyContextConfig = route.config ?? {};
    const access = config.access;
    if (route.url.startsWith("/api/")) {
      if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
      for (const method of [route.method].flat()) {
        if (method !== "HEAD") table.push({ method, url: route.url, access });
      }
    }
    if (!access) return;
    // A hook of the route's own, first of its onRequest hooks: it runs where a global one registered
    // here would (the global hooks before it are all registered earlier), reads the route's config
    // from here rather than from request.routeOptions (a new object on every read), and is not async,
    // so anonymous calls to public routes (most of the storefront's traffic) pass without a promise.
    const checkAccess: onRequestHookHandler = (request, _reply, done) => {
      const token = tokenFrom(request, config);
      if (!token && access.kind === "public") return done();
      admit(request, config, access, token).then(
        () => done(),
        (error: Error) => done(error),
      );
    };
    route.onRequest = [checkAccess, ...[route.onRequest ?? []].flat()];
  });

  async function admit(
    request: FastifyRequest,
    config: FastifyContextConfig,
    access: Access,
    token: string | undefined,
  ): Promise<void> {
    if (token) {
      const claims = await options.tokens.verify(token);
      request.principal = claims ? await loadPrincipal(options.db, claims) : null;
      if (!request.principal && access.kind !== "public") throw unauthorized(copy.sessionExpired);
      if (request.principal) await noteSessionSeen(options.db, request.principal.sessionId);
    }
    // Hiding admin pages is not enough: until the user enrols, the server answers nothing else. A public
    // route still answers, as to a visitor: what it shows staff (hidden products) is staff's.
    const heldToSetup = request.principal?.twoFactorSetupRequired && !config.beforeTwoFactorSetup;
    if (access.kind === "public") {
      if (heldToSetup) request.principal = null;
      return;
    }
    if (!request.principal) throw unauthorized(copy.auth.unauthorized);
    if (heldToSetup) throw forbidden(twoFactorCopy.api.setupRequired);
    if (access.kind === "permission" && !satisfies(request.principal, access.requirement)) {
      throw forbidden(copy.auth.forbidden);
    }
  }
});
