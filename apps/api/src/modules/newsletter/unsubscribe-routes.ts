import { newsletterCopy } from "@shop/shared/schemas/newsletter";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { escapeHtml } from "../../lib/escape-html.ts";
import { testLinkPurpose, verifyLink, verifyParts } from "../../lib/signed-links.ts";
import { publicRoute } from "../../plugins/auth.ts";
import { getSettings } from "../settings/service.ts";
import { verifyConfirmLink } from "./confirm-links.ts";
import { applyOrQueue } from "./pending-changes.ts";
import { confirmSubscription } from "./subscribe-service.ts";
import { honourUnsubscribe } from "./unsubscribe-request.ts";

const tokenParams = z.strictObject({ token: z.string().max(300) });

/** A small page of our own: no scripts, so the strict CSP holds, and it works with no JavaScript at all. */
function page(storeName: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(storeName)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:2rem;max-width:28rem;box-shadow:0 10px 30px rgba(15,23,42,.08)}h1{font-size:1.4rem;margin:0 0 .75rem}p{color:#475569;line-height:1.5}button{background:#0f766e;color:#fff;border:0;border-radius:10px;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}button:focus-visible{outline:3px solid #5eead4;outline-offset:2px}a{color:#0f766e}</style></head>
<body><main>${body}<p><a href="/">Back to ${escapeHtml(storeName)}</a></p></main></body></html>`;
}

/** A test send's unsubscribe link shows the same pages and changes nothing. */
const testNote = `<p>${newsletterCopy.testUnsubscribe}</p>`;

/** What a link page answers, for the API description: the page, or one saying the link is not valid. */
const pages = (description: string) => ({
  200: { description, type: "text/html" },
  404: { description: "A page saying the link is not valid", type: "text/html" },
});

export const unsubscribeRoutes: FastifyPluginAsyncZod<{ linkSecret: string }> = async (app, { linkSecret }) => {
  // Mail clients and people post forms. The one-click body is "List-Unsubscribe=One-Click", which RFC
  // 8058 says should come as multipart/form-data: the signed link decides, so the body is only read
  // (and a big one refused), never parsed.
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 2048 },
    (_req, body, done) => done(null, body),
  );

  app.get(
    "/unsubscribe/:token",
    {
      config: { ...publicRoute, nonJsonAnswers: pages("A page with the one-click unsubscribe button") },
      schema: { summary: "Show the unsubscribe page", params: tokenParams },
    },
    async (request, reply) => {
      const { storeName } = await getSettings(app.db);
      const test = verifyParts(linkSecret, testLinkPurpose.unsubscribe, request.params.token, 1) !== null;
      const valid = test || verifyLink(linkSecret, "unsubscribe", request.params.token) !== null;
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      if (!valid) {
        return reply
          .status(404)
          .send(
            page(
              storeName,
              "Link not valid",
              `<h1>This link is not valid</h1><p>It may have been copied incompletely.</p>`,
            ),
          );
      }
      return page(
        storeName,
        "Unsubscribe",
        `<h1>Unsubscribe from ${escapeHtml(storeName)} emails?</h1><p>You will stop receiving our newsletter and campaigns.</p>${test ? testNote : ""}
<form method="post"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  app.post(
    "/unsubscribe/:token",
    {
      config: { ...publicRoute, nonJsonAnswers: pages("A page confirming the unsubscribe") },
      schema: { summary: "Unsubscribe (one click, RFC 8058)", params: tokenParams },
    },
    async (request, reply) => {
      const { storeName } = await getSettings(app.db);
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      if (verifyParts(linkSecret, testLinkPurpose.unsubscribe, request.params.token, 1)) {
        return page(storeName, "Unsubscribed", `<h1>${newsletterCopy.unsubscribed}</h1>${testNote}`);
      }
      const claims = verifyLink(linkSecret, "unsubscribe", request.params.token);
      if (!claims) {
        return reply.status(404).send(page(storeName, "Link not valid", `<h1>This link is not valid</h1>`));
      }
      await honourUnsubscribe(app, { ...claims, ipAddress: request.ip });
      return page(
        storeName,
        "Unsubscribed",
        `<h1>${newsletterCopy.unsubscribed}</h1><p>We are sorry to see you go.</p>`,
      );
    },
  );

  const invalidConfirmLink = (storeName: string) =>
    page(
      storeName,
      "Link not valid",
      `<h1>${newsletterCopy.confirmLinkInvalid}</h1><p>${newsletterCopy.confirmLinkInvalidHint}</p>`,
    );

  // A page with a button, not the confirmation itself: mail scanners fetch every link they see.
  app.get(
    "/confirm/:token",
    {
      config: { ...publicRoute, nonJsonAnswers: pages("A page with the button that confirms the subscription") },
      schema: { summary: "Show the confirmation page (double opt-in)", params: tokenParams },
    },
    async (request, reply) => {
      const { storeName } = await getSettings(app.db);
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      if (!verifyConfirmLink(linkSecret, request.params.token))
        return reply.status(404).send(invalidConfirmLink(storeName));
      return page(
        storeName,
        newsletterCopy.confirmTitle,
        `<h1>${escapeHtml(newsletterCopy.confirmQuestion(storeName))}</h1>
<form method="post"><button type="submit">${newsletterCopy.confirmButton}</button></form>`,
      );
    },
  );

  app.post(
    "/confirm/:token",
    {
      config: { ...publicRoute, nonJsonAnswers: pages("A page confirming the subscription") },
      schema: { summary: "Confirm a subscription (double opt-in)", params: tokenParams },
    },
    async (request, reply) => {
      const { storeName } = await getSettings(app.db);
      const claims = verifyConfirmLink(linkSecret, request.params.token);
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      const confirmed =
        claims &&
        (await applyOrQueue(
          app.db,
          { kind: "confirm", subscriberId: claims.subscriberId, linkLeftMs: claims.leftMs, ipAddress: request.ip },
          (db) => confirmSubscription(db, claims, request.ip),
        ));
      if (!confirmed) return reply.status(404).send(invalidConfirmLink(storeName));
      return page(storeName, "Subscription confirmed", `<h1>${newsletterCopy.confirmed}</h1><p>Welcome aboard.</p>`);
    },
  );
};
