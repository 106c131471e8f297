import {
  audienceCountSchema,
  type CampaignDto,
  campaignCopy,
  campaignCreateSchema,
  campaignSchema,
  campaignUpdateSchema,
  scheduleSchema,
  sendMailSchema,
  testSendSchema,
} from "@shop/shared/schemas/campaigns";
import {
  conflictResponse,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  okResponse,
} from "@shop/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { audit } from "../../plugins/activity.ts";
import { principalOf, requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { getCampaign } from "./history.ts";
import { scheduleCampaign, setSendingState, startCampaign, unscheduleCampaign } from "./lifecycle.ts";
import { countAudience } from "./recipient-queue.ts";
import { createCampaign, deleteDraft, sendTestEmail, updateCampaign } from "./service.ts";

type CampaignRouteOptions = { linkSecret: string; publicUrl: string };

const compose = requirePermission("newsletter:compose-email");
const label = (action: string) => ({ activity: { module: "newsletter", action } });
const emailInfo = (campaign: CampaignDto) => ({ subject: campaign.subject, emailId: campaign._id });
const editableView = (c: CampaignDto) => ({
  subject: c.subject,
  preheader: c.preheader,
  html: c.html,
  audience: c.audience,
});

export const campaignRoutes: FastifyPluginAsyncZod<CampaignRouteOptions> = async (app, options) => {
  declareCacheScope(app, nothingPublic);
  app.get(
    "/api/compose-mail/delivery",
    {
      config: compose,
      schema: {
        summary: "Tell how campaign mail is sent",
        response: { 200: okResponse(z.object({ transport: z.string() })) },
      },
    },
    async () => ({
      success: true,
      message: app.mailer.kind === "outbox" ? campaignCopy.outboxBanner : "Mail is sent through SMTP",
      data: { transport: app.mailer.kind },
    }),
  );

  app.post(
    "/api/compose-mail/audience-count",
    {
      config: compose,
      schema: {
        summary: "Count a campaign audience",
        body: audienceCountSchema,
        response: { 200: okResponse(z.object({ count: z.number() })) },
      },
    },
    async (request) => ({
      success: true,
      message: "Audience counted",
      data: { count: await countAudience(app.db, request.body.audience) },
    }),
  );

  app.post(
    "/api/compose-mail",
    {
      config: { ...compose, ...label("Create email") },
      schema: {
        summary: "Save a campaign as a draft",
        body: campaignCreateSchema,
        response: { 201: okResponse(campaignSchema) },
      },
    },
    async (request, reply) => {
      const campaign = await createCampaign(app.db, request.body, principalOf(request).userId);
      await audit(request, {
        module: "newsletter",
        action: "Create email",
        description: `Drafted "${campaign.subject}"`,
        details: { emailInfo: emailInfo(campaign) },
      });
      return reply.status(201).send({ success: true, message: "Email saved as a draft", data: campaign });
    },
  );

  app.get(
    "/api/compose-mail/:id",
    {
      config: requirePermission(["newsletter:compose-email", "newsletter:view-emailhistories"]),
      schema: { summary: "Get a campaign", params: idParamsSchema, response: { 200: okResponse(campaignSchema) } },
    },
    async (request) => ({
      success: true,
      message: "Email fetched successfully",
      data: await getCampaign(app.db, request.params.id),
    }),
  );

  app.put(
    "/api/compose-mail/:id",
    {
      config: { ...compose, ...label("Update email") },
      schema: {
        summary: "Update a draft campaign",
        params: idParamsSchema,
        body: campaignUpdateSchema,
        response: {
          200: okResponse(campaignSchema),
          409: conflictResponse("The campaign's status does not allow this"),
        },
      },
    },
    async (request) => {
      const { before, after } = await updateCampaign(app.db, request.params.id, request.body);
      await audit(request, {
        module: "newsletter",
        action: "Update email",
        description: `Updated "${after.subject}"`,
        details: { emailInfo: emailInfo(after), fieldChanges: fieldChanges(editableView(before), editableView(after)) },
      });
      return { success: true, message: "Email updated successfully", data: after };
    },
  );

  app.delete(
    "/api/compose-mail/:id",
    {
      config: { ...compose, ...label("Delete email") },
      schema: {
        summary: "Delete a draft campaign",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 409: conflictResponse("The campaign's status does not allow this") },
      },
    },
    async (request) => {
      const campaign = await deleteDraft(app.db, request.params.id);
      await audit(request, {
        module: "newsletter",
        action: "Delete email",
        description: `Deleted draft "${campaign.subject}"`,
        details: { emailInfo: emailInfo(campaign) },
      });
      return { success: true, message: "Email deleted successfully" };
    },
  );

  app.post(
    "/api/compose-mail/:id/test",
    {
      config: {
        ...compose,
        ...label("Send test email"),
        // Each composer's own allowance (after sign-in, so counted by user): one copy at a time to
        // any address is a way to mail strangers from the shop's domain.
        rateLimit: {
          max: 20,
          timeWindow: "1 hour",
          hook: "preHandler",
          keyGenerator: (request) => `test-send:${principalOf(request).userId}`,
        },
      },
      schema: {
        summary: "Send a test of a campaign",
        params: idParamsSchema,
        body: testSendSchema,
        response: {
          200: messageResponseSchema,
          409: errorResponseSchema.describe("The address is on the suppression list"),
          429: errorResponseSchema.describe("Twenty test emails an hour for each staff member (Retry-After)"),
          502: errorResponseSchema.describe("The mail relay refused the message or could not be reached"),
        },
      },
    },
    async (request) => {
      const campaign = await sendTestEmail(app.db, app.mailer, request.params.id, request.body.email, {
        secret: options.linkSecret,
        publicUrl: options.publicUrl,
        mailFrom: app.mailFrom,
      });
      await audit(request, {
        module: "newsletter",
        action: "Send test email",
        description: `Sent a test of "${campaign.subject}" to ${request.body.email}`,
        details: { emailInfo: emailInfo(campaign) },
      });
      return { success: true, message: `Test email sent to ${request.body.email}` };
    },
  );

  app.post(
    "/api/compose-mail/:id/schedule",
    {
      config: { ...compose, ...label("Schedule email") },
      schema: {
        summary: "Schedule a campaign",
        params: idParamsSchema,
        body: scheduleSchema,
        response: {
          200: okResponse(campaignSchema),
          409: conflictResponse("The campaign's status does not allow this"),
        },
      },
    },
    async (request) => {
      const campaign = await scheduleCampaign(app.db, request.params.id, new Date(request.body.scheduledAt));
      await audit(request, {
        module: "newsletter",
        action: "Schedule email",
        description: `Scheduled "${campaign.subject}" for ${campaign.scheduledAt}`,
        details: { emailInfo: emailInfo(campaign) },
      });
      return { success: true, message: "Email scheduled successfully", data: campaign };
    },
  );

  app.post(
    "/api/compose-mail/:id/unschedule",
    {
      config: { ...compose, ...label("Unschedule email") },
      schema: {
        summary: "Move a scheduled campaign back to drafts",
        params: idParamsSchema,
        response: {
          200: okResponse(campaignSchema),
          409: conflictResponse("The campaign's status does not allow this"),
        },
      },
    },
    async (request) => {
      const campaign = await unscheduleCampaign(app.db, request.params.id);
      await audit(request, {
        module: "newsletter",
        action: "Unschedule email",
        description: `Moved "${campaign.subject}" back to drafts`,
        details: { emailInfo: emailInfo(campaign) },
      });
      return { success: true, message: "Email moved back to drafts", data: campaign };
    },
  );

  app.post(
    "/api/emailhistory/send-mail",
    {
      config: { ...compose, ...label("Send email") },
      schema: {
        summary: "Start sending a campaign",
        body: sendMailSchema,
        response: {
          202: okResponse(campaignSchema),
          409: conflictResponse("The campaign's status does not allow this"),
        },
      },
    },
    async (request, reply) => {
      const campaign = await startCampaign(app.db, request.body.mailId);
      app.wakeSender?.();
      await audit(request, {
        module: "newsletter",
        action: "Send email",
        description: `Started sending "${campaign.subject}" to ${campaign.recipientCount} recipients`,
        details: { emailInfo: emailInfo(campaign), emailHistoryId: campaign._id },
      });
      return reply.status(202).send({ success: true, message: campaignCopy.started, data: campaign });
    },
  );

  const stateWords = {
    pause: { name: "Pause email", done: "Paused", summary: "Pause a sending campaign" },
    resume: { name: "Resume email", done: "Resumed", summary: "Resume a paused campaign" },
    cancel: { name: "Cancel email", done: "Cancelled", summary: "Cancel a campaign" },
  } as const;
  for (const action of ["pause", "resume", "cancel"] as const) {
    const { name, done, summary } = stateWords[action];
    app.post(
      `/api/emailhistory/:id/${action}`,
      {
        config: { ...compose, ...label(name) },
        schema: {
          summary,
          params: idParamsSchema,
          response: {
            200: okResponse(campaignSchema),
            409: conflictResponse("The campaign's status does not allow this"),
          },
        },
      },
      async (request) => {
        const campaign = await setSendingState(app.db, request.params.id, action);
        await audit(request, {
          module: "newsletter",
          action: name,
          description: `${done} "${campaign.subject}"`,
          details: { emailInfo: emailInfo(campaign) },
        });
        return { success: true, message: `Campaign ${campaign.status}`, data: campaign };
      },
    );
  }
};
