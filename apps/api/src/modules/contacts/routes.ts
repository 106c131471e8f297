import { inboxCopy } from "@shop/shared/inbox-copy";
import { idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import {
  contactAssigneeDtoSchema,
  contactAssigneeSchema,
  contactDetailSchema,
  contactNoteSchema,
  contactReplySchema,
  conversationEntrySchema,
} from "@shop/shared/schemas/contact-threads";
import {
  type ContactDto,
  contactCountsSchema,
  contactCreateSchema,
  contactListQuerySchema,
  contactListSchema,
  contactSchema,
  contactStatusLabels,
  contactUpdateSchema,
} from "@shop/shared/schemas/contacts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { uuidv7 } from "uuidv7";
import { z } from "zod";
import { audit } from "../../plugins/activity.ts";
import { principalOf, publicRoute, requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { createEnquiry } from "./enquiry-mail.ts";
import {
  type ContactChange,
  countContacts,
  deleteContact,
  exportContacts,
  listContacts,
  updateContact,
} from "./service.ts";
import { addContactNote, assignContact, getContactDetail, listAssignees, replyToContact } from "./thread-service.ts";

const submitted = "Inquiry submitted successfully";
const view = requirePermission("contact:view-contacts");
const update = requirePermission("contact:update-status");
const filtersSchema = contactListQuerySchema.omit({ page: true, limit: true, sortBy: true, sortOrder: true });
const onActioned = (contact: { name: string; email: string }) => ({ name: contact.name, email: contact.email });
/** What every inbox entry in the activity log carries: who the request is from, and which one. */
const aboutContact = (contact: ContactDto) => ({ onActioned: onActioned(contact), contactId: contact._id });
const statusLine = (change: ContactChange) =>
  change.before.status === change.after.status
    ? ""
    : `; status ${contactStatusLabels[change.before.status]} → ${contactStatusLabels[change.after.status]}`;
const editable = (contact: ContactDto) => ({
  status: contact.status,
  name: contact.name,
  email: contact.email,
  phone: contact.phone,
  subject: contact.subject,
  messageType: contact.messageType,
});

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  declareCacheScope(app, nothingPublic);
  app.post(
    "/api/contacts",
    {
      config: { ...publicRoute, rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: {
        summary: "Send an enquiry",
        body: contactCreateSchema,
        response: { 201: messageResponseSchema.extend({ data: z.object({ _id: z.string() }).optional() }) },
      },
    },
    async (request, reply) => {
      const { website, ...fields } = request.body;
      // A filled honeypot is a bot: answer as if it worked, with an id like a real one, and keep nothing.
      if (website) return reply.status(201).send({ success: true, message: submitted, data: { _id: uuidv7() } });
      // Saved with its alert and confirmation in one transaction (enquiry-mail.ts).
      const contact = await createEnquiry(app, { ...fields, ipAddress: request.ip });
      return reply.status(201).send({ success: true, message: submitted, data: { _id: contact._id } });
    },
  );

  app.get(
    "/api/contacts",
    {
      config: view,
      schema: {
        summary: "List enquiries",
        querystring: contactListQuerySchema,
        response: { 200: okResponse(contactListSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Contacts fetched successfully",
      data: await listContacts(app.db, { ...request.query, viewerId: principalOf(request).userId }),
    }),
  );

  app.get(
    "/api/contacts/get-contact-counts",
    {
      config: view,
      schema: {
        summary: "Count enquiries by status",
        querystring: filtersSchema.omit({ status: true }),
        response: { 200: okResponse(contactCountsSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Contact counts fetched successfully",
      data: await countContacts(app.db, { ...request.query, viewerId: principalOf(request).userId }),
    }),
  );

  app.get(
    "/api/contacts/export",
    {
      config: { ...view, nonJsonAnswers: { 200: { description: "The enquiries as CSV", type: "text/csv" } } },
      schema: { summary: "Export enquiries as CSV", querystring: filtersSchema },
    },
    async (request, reply) => {
      await audit(request, {
        module: "contact",
        action: "Export enquiries",
        description: "Exported enquiries as CSV",
        details: { filters: request.query },
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply.sendCsv(
        `contacts-${day}.csv`,
        exportContacts(app.db, { ...request.query, viewerId: principalOf(request).userId }),
      );
    },
  );

  app.get(
    "/api/contacts/assignees",
    {
      schema: {
        summary: "List staff who can be assigned enquiries",
        response: { 200: okResponse(z.array(contactAssigneeDtoSchema)) },
      },
      config: update,
    },
    async () => ({
      success: true,
      message: "Staff fetched successfully",
      data: await listAssignees(app.db),
    }),
  );

  app.get(
    "/api/contacts/:id",
    {
      config: view,
      schema: {
        summary: "Get an enquiry with its thread",
        params: idParamsSchema,
        response: { 200: okResponse(contactDetailSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Contact fetched successfully",
      data: await getContactDetail(app.db, request.params.id),
    }),
  );

  app.post(
    "/api/contacts/:id/replies",
    {
      config: { ...update, activity: { module: "contact", action: "Reply to contact" } },
      schema: {
        summary: "Reply to an enquiry by email",
        params: idParamsSchema,
        body: contactReplySchema,
        response: { 201: okResponse(conversationEntrySchema) },
      },
    },
    async (request, reply) => {
      const { userId, name } = principalOf(request);
      const result = await replyToContact(app.db, { userId, name }, request.params.id, request.body.body, app.mailFrom);
      app.outbox.wake();
      const { before, after } = result;
      await audit(request, {
        module: "contact",
        action: "Reply to contact",
        description: `Replied to ${after.name}'s request "${after.subject}"${statusLine(result)}`,
        details: { ...aboutContact(after), fieldChanges: fieldChanges(editable(before), editable(after)) },
      });
      return reply.status(201).send({ success: true, message: inboxCopy.replySent, data: result.entry });
    },
  );

  app.post(
    "/api/contacts/:id/notes",
    {
      config: { ...update, activity: { module: "contact", action: "Add contact note" } },
      schema: {
        summary: "Add an internal note to an enquiry",
        params: idParamsSchema,
        body: contactNoteSchema,
        response: { 201: okResponse(conversationEntrySchema) },
      },
    },
    async (request, reply) => {
      const { userId, name } = principalOf(request);
      const { contact, entry } = await addContactNote(app.db, { userId, name }, request.params.id, request.body.body);
      await audit(request, {
        module: "contact",
        action: "Add contact note",
        description: `Added a note to ${contact.name}'s request "${contact.subject}"`,
        details: aboutContact(contact),
      });
      return reply.status(201).send({ success: true, message: inboxCopy.noteAdded, data: entry });
    },
  );

  app.put(
    "/api/contacts/:id/assignee",
    {
      config: { ...update, activity: { module: "contact", action: "Assign contact" } },
      schema: {
        summary: "Assign an enquiry",
        params: idParamsSchema,
        body: contactAssigneeSchema,
        response: { 200: okResponse(contactSchema) },
      },
    },
    async (request) => {
      const { before, after } = await assignContact(app.db, request.params.id, request.body.userId);
      const assignee = (contact: ContactDto) => ({ assignee: contact.assignee?.name ?? inboxCopy.unassigned });
      await audit(request, {
        module: "contact",
        action: "Assign contact",
        description: after.assignee
          ? `Assigned ${after.name}'s request to ${after.assignee.name}`
          : `Unassigned ${after.name}'s request`,
        details: { ...aboutContact(after), fieldChanges: fieldChanges(assignee(before), assignee(after)) },
      });
      return { success: true, message: inboxCopy.assigneeChanged(after.assignee?.name ?? null), data: after };
    },
  );

  app.put(
    "/api/contacts/:id",
    {
      config: { ...update, activity: { module: "contact", action: "Update contact" } },
      schema: {
        summary: "Update an enquiry's status",
        params: idParamsSchema,
        body: contactUpdateSchema,
        response: { 200: okResponse(contactSchema) },
      },
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
      schema: { summary: "Delete an enquiry", params: idParamsSchema, response: { 200: messageResponseSchema } },
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
