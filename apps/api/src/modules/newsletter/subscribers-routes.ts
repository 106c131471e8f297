import { conflictResponse, idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import {
  bulkTagSchema,
  newsletterCopy,
  subscriberDetailSchema,
  subscriberExportSchema,
  subscriberFilterSchema,
  subscriberListQuerySchema,
  subscriberListSchema,
  subscriberSchema,
  subscriberUpdateSchema,
} from "@shop/shared/schemas/newsletter";
import { inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { subscribers } from "../../db/schema/index.ts";
import { audit } from "../../plugins/activity.ts";
import { requirePermission } from "../../plugins/auth.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { campaignsSentTo } from "./campaigns-sent.ts";
import { deliveryEventsOf } from "./delivery-events.ts";
import { eraseSubscriber } from "./erasure.ts";
import { exportSubscribers } from "./export-service.ts";
import { listSubscribers } from "./subscriber-list.ts";
import {
  assignTags,
  deleteSubscriber,
  getSubscriber,
  subscriberWhere,
  updateSubscriber,
} from "./subscribers-service.ts";
import { tagsByIds } from "./tags-service.ts";

const view = requirePermission("newsletter:view-subscribers");
const update = requirePermission("newsletter:update-subscriber");
const remove = requirePermission("newsletter:delete-subscriber");
/** A data export holds every bounce and complaint of the person, and every campaign they were sent, up to this many. */
const exportedDeliveryEvents = 10_000;
const label = (action: string) => ({ activity: { module: "newsletter", action } });
const maxLoggedEmails = 1_000;

export const subscriberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/newsletter/get-all-subscriber",
    {
      config: requirePermission(["newsletter:view-subscribers", "newsletter:compose-email"]),
      schema: {
        summary: "List subscribers",
        querystring: subscriberListQuerySchema,
        response: { 200: okResponse(subscriberListSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Subscribers fetched successfully",
      data: await listSubscribers(app.db, request.query),
    }),
  );

  app.get(
    "/api/newsletter/export",
    {
      config: { ...view, nonJsonAnswers: { 200: { description: "The subscribers as CSV", type: "text/csv" } } },
      schema: { summary: "Export subscribers as CSV", querystring: subscriberFilterSchema },
    },
    async (request, reply) => {
      await audit(request, {
        module: "newsletter",
        action: "Export subscribers",
        description: "Exported subscribers as CSV",
        details: { filters: request.query },
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply.sendCsv(`subscribers-${day}.csv`, exportSubscribers(app.db, request.query));
    },
  );

  // The quick view's detail: the person, with their latest bounces and complaints.
  app.get(
    "/api/newsletter/subscribers/:id",
    {
      config: view,
      schema: {
        summary: "Get a subscriber with their history",
        params: idParamsSchema,
        response: { 200: okResponse(subscriberDetailSchema) },
      },
    },
    async (request) => {
      const subscriber = await getSubscriber(app.db, request.params.id);
      const deliveryEvents = await deliveryEventsOf(app.db, subscriber._id);
      return { success: true, message: "Subscriber fetched successfully", data: { ...subscriber, deliveryEvents } };
    },
  );

  app.get(
    "/api/newsletter/subscribers/:id/export",
    {
      config: view,
      schema: {
        summary: "Export everything held about a subscriber",
        params: idParamsSchema,
        response: { 200: okResponse(subscriberExportSchema) },
      },
    },
    async (request, reply) => {
      const subscriber = await getSubscriber(app.db, request.params.id);
      await audit(request, {
        module: "newsletter",
        action: "Export subscriber data",
        description: `Exported the data held on ${subscriber.email}`,
        details: { subscriberInfo: { email: subscriber.email, id: subscriber._id } },
      });
      reply.header("content-disposition", `attachment; filename="subscriber-${subscriber._id}.json"`);
      return {
        success: true,
        message: "Subscriber data exported",
        data: {
          subscriber,
          deliveryEvents: await deliveryEventsOf(app.db, subscriber._id, exportedDeliveryEvents),
          campaigns: await campaignsSentTo(app.db, subscriber._id, exportedDeliveryEvents),
          exportedAt: new Date().toISOString(),
        },
      };
    },
  );

  app.put(
    "/api/newsletter/update-subscriber/:id",
    {
      config: { ...update, ...label("Update subscriber") },
      schema: {
        summary: "Update a subscriber",
        params: idParamsSchema,
        body: subscriberUpdateSchema,
        response: { 200: okResponse(subscriberSchema), 409: conflictResponse("The address is taken or suppressed") },
      },
    },
    async (request) => {
      const { before, after } = await updateSubscriber(app.db, request.params.id, request.body);
      const viewOf = (s: typeof before) => ({ email: s.email, tags: s.tags.map((t) => t.name) });
      await audit(request, {
        module: "newsletter",
        action: "Update subscriber",
        description: `Updated subscriber ${after.email}`,
        details: {
          subscriberInfo: { email: after.email, id: after._id },
          tagsList: after.tags.map((t) => t.name),
          fieldChanges: fieldChanges(viewOf(before), viewOf(after)),
        },
      });
      return { success: true, message: "Subscriber updated successfully", data: after };
    },
  );

  app.delete(
    "/api/newsletter/delete-subscriber/:id",
    {
      config: { ...remove, ...label("Delete subscriber") },
      schema: { summary: "Delete a subscriber", params: idParamsSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const subscriber = await deleteSubscriber(app.db, request.params.id);
      await audit(request, {
        module: "newsletter",
        action: "Delete subscriber",
        description: `Deleted subscriber ${subscriber.email}`,
        details: { subscriberInfo: { email: subscriber.email, id: subscriber._id } },
      });
      return { success: true, message: "Subscriber deleted successfully" };
    },
  );

  app.delete(
    "/api/newsletter/subscribers/:id/erase",
    {
      config: { ...remove, ...label("Erase subscriber") },
      schema: {
        summary: "Erase a subscriber and suppress the address",
        params: idParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await eraseSubscriber(app.db, request.params.id);
      // Erasure keeps no trace of the person, in the log either.
      await audit(request, {
        module: "newsletter",
        action: "Erase subscriber",
        description: "Erased a subscriber's data on request",
      });
      return { success: true, message: "Subscriber erased" };
    },
  );

  app.post(
    "/api/newsletter/assign-bulk-tags",
    {
      config: { ...update, ...label("Assign tags") },
      schema: {
        summary: "Tag many subscribers at once",
        body: bulkTagSchema,
        response: { 200: okResponse(z.object({ count: z.number() })) },
      },
    },
    async (request) => {
      const { tagIds, subscriberIds, filter } = request.body;
      const count = await assignTags(app.db, { tagIds, subscriberIds, filter });
      const scope = subscriberIds?.length ? inArray(subscribers.id, subscriberIds) : subscriberWhere(filter ?? {});
      const emails = await app.db
        .select({ email: subscribers.email })
        .from(subscribers)
        .where(scope)
        .limit(maxLoggedEmails);
      const tags = await tagsByIds(app.db, tagIds);
      await audit(request, {
        module: "newsletter",
        action: "Assign tags",
        description: `Tagged ${count} subscriber${count === 1 ? "" : "s"} with ${tags.map((t) => t.name).join(", ")}`,
        details: { tagsList: tags.map((t) => t.name), subscriberEmails: emails.map((row) => row.email), total: count },
      });
      return { success: true, message: newsletterCopy.tagsAssigned, data: { count } };
    },
  );
};
