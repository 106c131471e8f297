import { copy } from "@shop/shared/copy";
import { okResponse } from "@shop/shared/schemas/common";
import {
  newsletterCopy,
  type SubscribeAnswer,
  subscribeAnswerSchema,
  subscribeSchema,
} from "@shop/shared/schemas/newsletter";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicRoute } from "../../plugins/auth.ts";
import { cachedSettings } from "../settings/service.ts";
import { type EmailLinks, enqueueConfirmation } from "./audience-notices.ts";
import { applyOrQueue } from "./pending-changes.ts";
import { subscribe } from "./subscribe-service.ts";

export const subscribeRoutes: FastifyPluginAsyncZod<EmailLinks> = async (app, options) => {
  app.post(
    "/api/newsletter/subscriber",
    {
      config: { ...publicRoute, rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: {
        summary: "Subscribe to the newsletter",
        body: subscribeSchema,
        response: { 200: okResponse(subscribeAnswerSchema) },
      },
    },
    async (request) => {
      const settings = await cachedSettings(app.db, app.publicCache);
      const { email } = request.body;
      const { doubleOptIn } = settings;
      const pending = await applyOrQueue(
        app.db,
        { kind: "subscribe", email, doubleOptIn, ipAddress: request.ip },
        async (db) => {
          const toConfirm = await subscribe(db, email, request.ip, doubleOptIn);
          if (toConfirm) await enqueueConfirmation(app, db, { ...options, settings }, { ...toConfirm, email });
          return toConfirm;
        },
      );
      // The confirmation waits in the outbox; a queued sign-up's is written when it is applied (audience-notices.ts).
      if (pending && pending !== "queued") app.outbox.wake();
      // The answer depends on the setting alone: someone who left is asked to confirm without it showing here.
      if (!doubleOptIn) {
        const data: SubscribeAnswer = { confirmationRequired: false };
        return { success: true, message: copy.storefront.subscribed, data };
      }
      const data: SubscribeAnswer = { confirmationRequired: true };
      return { success: true, message: newsletterCopy.checkInbox, data };
    },
  );
};
