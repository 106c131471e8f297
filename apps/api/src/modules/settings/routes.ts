import { settingsUpdateSchema } from "@shop/shared/schemas/settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audit } from "../../plugins/activity.ts";
import { publicRoute, requirePermission } from "../../plugins/auth.ts";
import { sendCached } from "../../plugins/public-cache.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { getSettings, publicSettings, updateSettings } from "./service.ts";

const manage = requirePermission("settings:update-settings");

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/settings", { config: { ...publicRoute, publicCache: {} } }, (request, reply) =>
    sendCached(request, reply, async () => ({
      success: true as const,
      message: "Settings fetched successfully",
      data: publicSettings(await getSettings(app.db)),
    })),
  );

  app.get("/api/settings/admin", { config: manage }, async () => ({
    success: true,
    message: "Settings fetched successfully",
    data: await getSettings(app.db),
  }));

  app.put(
    "/api/settings",
    {
      config: { ...manage, activity: { module: "settings", action: "Update settings" } },
      schema: { body: settingsUpdateSchema },
    },
    async (request) => {
      const { before, after } = await updateSettings(app.db, request.body);
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
