import { copy } from "@shop/shared/copy";
import { newsletterCopy, subscribeSchema } from "@shop/shared/schemas/newsletter";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signLink } from "../../lib/signed-links.ts";
import { publicRoute } from "../../plugins/auth.ts";
import { cachedSettings } from "../settings/service.ts";
import { subscribe } from "./subscribe-service.ts";

export const subscribeRoutes: FastifyPluginAsyncZod<{ linkSecret: string; publicUrl: string }> = async (
  app,
  options,
) => {
  app.post(
    "/api/newsletter/subscriber",
    {
      config: { ...publicRoute, rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: { body: subscribeSchema },
    },
    async (request) => {
      const settings = await cachedSettings(app.db, app.publicCache);
      const pending = await subscribe(app.db, request.body.email, request.ip, settings.doubleOptIn);
      if (!settings.doubleOptIn) return { success: true, message: copy.storefront.subscribed };
      if (pending) {
        const token = signLink(options.linkSecret, "confirm", { subscriberId: pending.id, campaignId: null });
        const link = `${options.publicUrl}/confirm/${token}`;
        await app.mailer.send({
          from: { name: settings.mailFromName, address: settings.mailFromAddress },
          to: request.body.email,
          subject: `Confirm your subscription to ${settings.storeName}`,
          text: `Please confirm that you want to receive emails from ${settings.storeName}:\n\n${link}\n\nIf you did not ask for this, ignore this email.`,
          html: `<p>Please confirm that you want to receive emails from ${settings.storeName}.</p><p><a href="${link}">Confirm my subscription</a></p><p>If you did not ask for this, ignore this email.</p>`,
        });
      }
      return { success: true, message: newsletterCopy.checkInbox };
    },
  );
};
