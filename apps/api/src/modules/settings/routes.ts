import { okResponse } from "@shop/shared/schemas/common";
import { type MailAuthenticationDto, mailAuthenticationSchema } from "@shop/shared/schemas/mail-authentication";
import { publicSettingsSchema, settingsDtoSchema, settingsUpdateSchema } from "@shop/shared/schemas/settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DkimKey } from "../../mail/dkim.ts";
import { dkimDnsRecord } from "../../mail/dkim-key.ts";
import { audit } from "../../plugins/activity.ts";
import { principalOf, publicRoute, requirePermission } from "../../plugins/auth.ts";
import { sendCached } from "../../plugins/public-cache.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { getSettings, publicSettings, updateSettings } from "./service.ts";

const manage = requirePermission("settings:update-settings");

export const settingsRoutes: FastifyPluginAsyncZod<{ dkim: DkimKey | undefined }> = async (app, options) => {
  app.get(
    "/api/settings",
    {
      schema: { summary: "Get the public site settings", response: { 200: okResponse(publicSettingsSchema) } },
      config: { ...publicRoute, publicCache: {} },
    },
    (request, reply) =>
      sendCached(request, reply, async () => ({
        success: true as const,
        message: "Settings fetched successfully",
        data: publicSettings(await getSettings(app.db)),
      })),
  );

  app.get(
    "/api/settings/admin",
    { schema: { summary: "Get every site setting", response: { 200: okResponse(settingsDtoSchema) } }, config: manage },
    async () => ({
      success: true,
      message: "Settings fetched successfully",
      data: await getSettings(app.db),
    }),
  );

  // The DKIM record to publish, computed from the configured key: its public half only.
  app.get(
    "/api/settings/mail-authentication",
    {
      schema: { summary: "Get the DKIM record to publish", response: { 200: okResponse(mailAuthenticationSchema) } },
      config: manage,
    },
    async () => {
      const data: MailAuthenticationDto = {
        dkim: options.dkim
          ? {
              domain: options.dkim.domain,
              selector: options.dkim.selector,
              algorithm: options.dkim.algorithm,
              record: dkimDnsRecord(options.dkim),
            }
          : null,
      };
      return { success: true, message: "Mail authentication fetched successfully", data };
    },
  );

  app.put(
    "/api/settings",
    {
      config: { ...manage, activity: { module: "settings", action: "Update settings" } },
      schema: {
        summary: "Update site settings",
        body: settingsUpdateSchema,
        response: { 200: okResponse(settingsDtoSchema) },
      },
    },
    async (request) => {
      const { before, after } = await updateSettings(app.db, principalOf(request), request.body);
      await audit(request, {
        module: "settings",
        action: "Update settings",
        description: "Updated the site settings",
        details: { fieldChanges: fieldChanges(before, after) },
      });
      return { success: true, message: "Settings updated successfully", data: after };
    },
  );
};
