import {
  type CampaignDto,
  campaignDetailSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignLogSchema,
  funnelQuerySchema,
  funnelSchema,
  growthQuerySchema,
  growthSchema,
  recipientListQuerySchema,
  recipientListSchema,
} from "@shop/shared/schemas/campaigns";
import { conflictResponse, idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { audit } from "../../plugins/activity.ts";
import { requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { campaignCounts, getCampaign, listCampaigns, listLogs, listRecipients } from "./history.ts";
import { deleteHistory } from "./service.ts";
import { audienceGrowth, funnel } from "./stats.ts";

const history = requirePermission("newsletter:view-emailhistories");
const stats = requirePermission("newsletter:view-statistics");
const label = (action: string) => ({ activity: { module: "newsletter", action } });
const emailInfo = (campaign: CampaignDto) => ({ subject: campaign.subject, emailId: campaign._id });

/** The email history and statistics pages: reads of sent campaigns, and deleting a history. */
export const campaignHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  declareCacheScope(app, nothingPublic);

  app.get(
    "/api/emailhistory/getall-emailhistory",
    {
      config: requirePermission(["newsletter:view-emailhistories", "newsletter:view-statistics"]),
      schema: {
        summary: "List campaigns",
        querystring: campaignListQuerySchema,
        response: { 200: okResponse(campaignListSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Email history fetched successfully",
      data: await listCampaigns(app.db, request.query),
    }),
  );

  app.get(
    "/api/emailhistory/stats/funnel",
    {
      config: stats,
      schema: {
        summary: "Get the delivery funnel",
        querystring: funnelQuerySchema,
        response: { 200: okResponse(funnelSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Funnel fetched successfully",
      data: await funnel(app.db, request.query.campaignId),
    }),
  );

  app.get(
    "/api/emailhistory/stats/growth",
    {
      config: stats,
      schema: {
        summary: "Get audience growth per day",
        querystring: growthQuerySchema,
        response: { 200: okResponse(growthSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Growth fetched successfully",
      data: await audienceGrowth(app.db, request.query.days),
    }),
  );

  app.get(
    "/api/emailhistory/:id",
    {
      config: history,
      schema: {
        summary: "Get a campaign with its delivery counts",
        params: idParamsSchema,
        response: { 200: okResponse(campaignDetailSchema) },
      },
    },
    async (request) => {
      const campaign = await getCampaign(app.db, request.params.id);
      return {
        success: true,
        message: "Email fetched successfully",
        data: { ...campaign, counts: await campaignCounts(app.db, campaign._id) },
      };
    },
  );

  app.get(
    "/api/emailhistory/:id/recipients",
    {
      config: history,
      schema: {
        summary: "List a campaign's recipients",
        params: idParamsSchema,
        querystring: recipientListQuerySchema,
        response: { 200: okResponse(recipientListSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Recipients fetched successfully",
      data: await listRecipients(app.db, request.params.id, request.query),
    }),
  );

  app.get(
    "/api/emailhistory/:id/logs",
    {
      config: history,
      schema: {
        summary: "List a campaign's log",
        params: idParamsSchema,
        response: { 200: okResponse(z.array(campaignLogSchema)) },
      },
    },
    async (request) => ({
      success: true,
      message: "Email logs fetched successfully",
      data: await listLogs(app.db, request.params.id),
    }),
  );

  app.delete(
    "/api/emailhistory/:id",
    {
      config: { ...requirePermission("newsletter:delete-emailhistory"), ...label("Delete email history") },
      schema: {
        summary: "Delete a campaign's history",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 409: conflictResponse("The campaign's status does not allow this") },
      },
    },
    async (request) => {
      const campaign = await deleteHistory(app.db, request.params.id);
      await audit(request, {
        module: "newsletter",
        action: "Delete email history",
        description: `Deleted "${campaign.subject}" and its delivery records; the addresses it mailed are kept for unsubscribes and bounce reports`,
        details: { emailInfo: emailInfo(campaign) },
      });
      return { success: true, message: "Email history deleted successfully" };
    },
  );
};
