import {
  audienceCountSchema,
  type CampaignDto,
  campaignCopy,
  campaignCreateSchema,
  campaignListQuerySchema,
  campaignUpdateSchema,
  funnelQuerySchema,
  growthQuerySchema,
  recipientListQuerySchema,
  scheduleSchema,
  sendMailSchema,
  testSendSchema,
} from "@shop/shared/schemas/campaigns";
import { idParamsSchema } from "@shop/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audit } from "../../plugins/activity.ts";
import { principalOf, requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { campaignCounts, getCampaign, listCampaigns, listLogs, listRecipients } from "./history.ts";
import { scheduleCampaign, setSendingState, startCampaign, unscheduleCampaign } from "./lifecycle.ts";
import { countAudience } from "./recipient-queue.ts";
import { createCampaign, deleteDraft, deleteHistory, sendTestEmail, updateCampaign } from "./service.ts";
import { audienceGrowth, funnel } from "./stats.ts";

type CampaignRouteOptions = { linkSecret: string; publicUrl: string };

const compose = requirePermission("newsletter:compose-email");
const history = requirePermission("newsletter:view-emailhistories");
const stats = requirePermission("newsletter:view-statistics");
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
  app.get("/api/compose-mail/delivery", { config: compose }, async () => ({
    success: true,
    message: app.mailer.kind === "outbox" ? campaignCopy.outboxBanner : "Mail is sent through SMTP",
    data: { transport: app.mailer.kind },
  }));

  app.post(
    "/api/compose-mail/audience-count",
    { config: compose, schema: { body: audienceCountSchema } },
    async (request) => ({
      success: true,
      message: "Audience counted",
      data: { count: await countAudience(app.db, request.body.audience) },
    }),
  );

  app.post(
    "/api/compose-mail",
    { config: { ...compose, ...label("Create email") }, schema: { body: campaignCreateSchema } },
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
      schema: { params: idParamsSchema },
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
      schema: { params: idParamsSchema, body: campaignUpdateSchema },
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
    { config: { ...compose, ...label("Delete email") }, schema: { params: idParamsSchema } },
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
    { config: { ...compose, ...label("Send test email") }, schema: { params: idParamsSchema, body: testSendSchema } },
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
    { config: { ...compose, ...label("Schedule email") }, schema: { params: idParamsSchema, body: scheduleSchema } },
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
    { config: { ...compose, ...label("Unschedule email") }, schema: { params: idParamsSchema } },
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
    { config: { ...compose, ...label("Send email") }, schema: { body: sendMailSchema } },
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
    pause: { name: "Pause email", done: "Paused" },
    resume: { name: "Resume email", done: "Resumed" },
    cancel: { name: "Cancel email", done: "Cancelled" },
  } as const;
  for (const action of ["pause", "resume", "cancel"] as const) {
    const { name, done } = stateWords[action];
    app.post(
      `/api/emailhistory/:id/${action}`,
      { config: { ...compose, ...label(name) }, schema: { params: idParamsSchema } },
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

  app.get(
    "/api/emailhistory/getall-emailhistory",
    {
      config: requirePermission(["newsletter:view-emailhistories", "newsletter:view-statistics"]),
      schema: { querystring: campaignListQuerySchema },
    },
    async (request) => ({
      success: true,
      message: "Email history fetched successfully",
      data: await listCampaigns(app.db, request.query),
    }),
  );

  app.get(
    "/api/emailhistory/stats/funnel",
    { config: stats, schema: { querystring: funnelQuerySchema } },
    async (request) => ({
      success: true,
      message: "Funnel fetched successfully",
      data: await funnel(app.db, request.query.campaignId),
    }),
  );

  app.get(
    "/api/emailhistory/stats/growth",
    { config: stats, schema: { querystring: growthQuerySchema } },
    async (request) => ({
      success: true,
      message: "Growth fetched successfully",
      data: await audienceGrowth(app.db, request.query.days),
    }),
  );

  app.get("/api/emailhistory/:id", { config: history, schema: { params: idParamsSchema } }, async (request) => {
    const campaign = await getCampaign(app.db, request.params.id);
    return {
      success: true,
      message: "Email fetched successfully",
      data: { ...campaign, counts: await campaignCounts(app.db, campaign._id) },
    };
  });

  app.get(
    "/api/emailhistory/:id/recipients",
    { config: history, schema: { params: idParamsSchema, querystring: recipientListQuerySchema } },
    async (request) => ({
      success: true,
      message: "Recipients fetched successfully",
      data: await listRecipients(app.db, request.params.id, request.query),
    }),
  );

  app.get("/api/emailhistory/:id/logs", { config: history, schema: { params: idParamsSchema } }, async (request) => ({
    success: true,
    message: "Email logs fetched successfully",
    data: await listLogs(app.db, request.params.id),
  }));

  app.delete(
    "/api/emailhistory/:id",
    {
      config: { ...requirePermission("newsletter:delete-emailhistory"), ...label("Delete email history") },
      schema: { params: idParamsSchema },
    },
    async (request) => {
      const campaign = await deleteHistory(app.db, request.params.id);
      await audit(request, {
        module: "newsletter",
        action: "Delete email history",
        description: `Deleted "${campaign.subject}" and its delivery records`,
        details: { emailInfo: emailInfo(campaign) },
      });
      return { success: true, message: "Email history deleted successfully" };
    },
  );
};
