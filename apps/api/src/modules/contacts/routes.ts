import { Readable } from "node:stream";
import { idParamsSchema } from "@shop/shared/schemas/common";
import {
  type ContactDto,
  contactCreateSchema,
  contactListQuerySchema,
  contactStatusLabels,
  contactUpdateSchema,
} from "@shop/shared/schemas/contacts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audit } from "../../plugins/activity.ts";
import { publicRoute, requirePermission } from "../../plugins/auth.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { createEnquiry } from "./enquiry-mail.ts";
import {
  countContacts,
  deleteContact,
  exportContacts,
  getContact,
  listContacts,
  updateContact,
} from "./service.ts";

const submitted = "Inquiry submitted successfully";
const view = requirePermission("contact:view-contacts");
const update = requirePermission("contact:update-status");
const filtersSchema = contactListQuerySchema.omit({ page: true, limit: true, sortBy: true, sortOrder: true });
const onActioned = (contact: { name: string; email: string }) => ({ name: contact.name, email: contact.email });
const editable = (contact: ContactDto) => ({
  status: contact.status,
  name: contact.name,
  email: contact.email,
  phone: contact.phone,
  subject: contact.subject,
  messageType: contact.messageType,
});

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/contacts",
    {
      config: { ...publicRoute, rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: { body: contactCreateSchema },
    },
    async (request, reply) => {
      const { website, ...fields } = request.body;
      // A filled honeypot is a bot: answer as if it worked and keep nothing.
      if (website) return reply.status(201).send({ success: true, message: submitted });
      // Saved with its alert and confirmation in one transaction (enquiry-mail.ts).
      const contact = await createEnquiry(app, { ...fields, ipAddress: request.ip });
      return reply.status(201).send({ success: true, message: submitted, data: { _id: contact._id } });
    },
  );

  app.get("/api/contacts", { config: view, schema: { querystring: contactListQuerySchema } }, async (request) => ({
    success: true,
    message: "Contacts fetched successfully",
    data: await listContacts(app.db, request.query),
  }));

  app.get(
    "/api/contacts/get-contact-counts",
    { config: view, schema: { querystring: filtersSchema.omit({ status: true }) } },
    async (request) => ({
      success: true,
      message: "Contact counts fetched successfully",
      data: await countContacts(app.db, request.query),
    }),
  );

  app.get("/api/contacts/export", { config: view, schema: { querystring: filtersSchema } }, async (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="contacts-${day}.csv"`)
      .send(Readable.from(exportContacts(app.db, request.query)));
  });

  app.get("/api/contacts/:id", { config: view, schema: { params: idParamsSchema } }, async (request) => ({
    success: true,
    message: "Contact fetched successfully",
    data: await getContact(app.db, request.params.id),
  }));

  app.put(
    "/api/contacts/:id",
    {
      config: { ...update, activity: { module: "contact", action: "Update contact" } },
      schema: { params: idParamsSchema, body: contactUpdateSchema },
    },
    async (request) => {
      const change = await updateContact(app.db, request.params.id, request.body);
      const { before, after } = change;
      const statusChanged = before.status !== after.status;
      await audit(request, {
        module: "contact",
        action: statusChanged ? "Update contact status" : "Update contact",
        description: statusChanged
          ? `Changed the status of ${after.name}'s request from ${contactStatusLabels[before.status]} to ${contactStatusLabels[after.status]}`
          : `Updated ${after.name}'s request`,
        details: { onActioned: onActioned(after), fieldChanges: fieldChanges(editable(before), editable(after)) },
      });
      return { success: true, message: "Contact updated successfully", data: after };
    },
  );

  app.delete(
    "/api/contacts/:id",
    {
      config: { ...update, activity: { module: "contact", action: "Delete contact" } },
      schema: { params: idParamsSchema },
    },
    async (request) => {
      const contact = await deleteContact(app.db, request.params.id);
      await audit(request, {
        module: "contact",
        action: "Delete contact",
        description: `Deleted ${contact.name}'s request "${contact.subject}"`,
        details: { onActioned: onActioned(contact) },
      });
      return { success: true, message: "Contact deleted successfully" };
    },
  );
};
