import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { testLinkPurpose, verifyParts } from "../../lib/signed-links.ts";
import { publicRoute } from "../../plugins/auth.ts";
import { type EventRecorder, isPrefetch } from "./tracking.ts";

const trackingParams = z.strictObject({ token: z.string().max(200) });

// The smallest transparent GIF.
const pixel = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export const trackingRoutes: FastifyPluginAsyncZod<{ linkSecret: string; events: EventRecorder }> = async (
  app,
  { linkSecret, events },
) => {
  // Any token gets the image, a test send's included; only a recipient's real open is recorded.
  app.get(
    "/t/o/:token",
    {
      config: { ...publicRoute, nonJsonAnswers: { 200: { description: "A 1×1 transparent GIF", type: "image/gif" } } },
      schema: { summary: "Record an open (tracking pixel)", params: trackingParams },
    },
    async (request, reply) => {
      const parts = verifyParts(linkSecret, "open", request.params.token.replace(/\.gif$/, ""), 1);
      if (parts?.[0])
        events.record({
          recipientId: parts[0],
          type: "open",
          linkId: null,
          prefetch: isPrefetch(request.ip, request.headers["user-agent"]),
        });
      return reply.type("image/gif").header("cache-control", "no-store, private").send(pixel);
    },
  );

  app.get(
    "/t/c/:token",
    {
      config: {
        ...publicRoute,
        nonJsonAnswers: {
          302: { description: "A redirect to the address the link stands for" },
          404: { description: "The link is not valid", type: "text/plain" },
        },
      },
      schema: { summary: "Record a click and redirect", params: trackingParams },
    },
    async (request, reply) => {
      const { token } = request.params;
      const [recipientId, linkId] = verifyParts(linkSecret, "click", token, 2) ?? [];
      // A test send's link goes where the campaign's would, and counts nothing.
      const [testLinkId] = linkId ? [] : (verifyParts(linkSecret, testLinkPurpose.click, token, 1) ?? []);
      const target = linkId ?? testLinkId;
      const url = target ? await events.linkUrl(target) : undefined;
      // Unknown or forged: never redirect anywhere we did not store for a campaign.
      if (!url) return reply.status(404).type("text/plain").send("This link is not valid.");
      if (recipientId && linkId) events.record({ recipientId, type: "click", linkId, prefetch: false });
      return reply.header("cache-control", "no-store").redirect(url, 302);
    },
  );
};
