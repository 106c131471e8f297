import { contactCreateSchema } from "@shop/shared/schemas/contacts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicRoute } from "../../plugins/auth.ts";
import { createContact } from "./service.ts";

const submitted = "Inquiry submitted successfully";

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
      const contact = await createContact(app.db, { ...fields, ipAddress: request.ip });
      return reply.status(201).send({ success: true, message: submitted, data: { _id: contact._id } });
    },
  );
};
