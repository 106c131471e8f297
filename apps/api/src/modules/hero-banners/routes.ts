import { idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import {
  type HeroBannerDto,
  heroBannerCreateSchema,
  heroBannerReorderSchema,
  heroBannerSchema,
  heroBannerUpdateSchema,
} from "@shop/shared/schemas/hero-banners";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { audit } from "../../plugins/activity.ts";
import { publicRoute, requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope } from "../../plugins/cluster.ts";
import { byTheMinute, sendCached } from "../../plugins/public-cache.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { bannersCacheScope } from "./cache-scope.ts";
import {
  createBanner,
  deleteBanner,
  getBanner,
  listAllBanners,
  listLiveBanners,
  reorderBanners,
  updateBanner,
} from "./service.ts";

const bannerInfo = (banner: HeroBannerDto) => ({ title: banner.title, id: banner._id });
const editable = ({ _id, createdAt, updatedAt, ...fields }: HeroBannerDto) => fields;
const label = (action: string) => ({ activity: { module: "herobanner", action } });

export const heroBannerRoutes: FastifyPluginAsyncZod = async (app) => {
  declareCacheScope(app, bannersCacheScope);
  app.get(
    "/api/hero-banners",
    {
      schema: { summary: "List the banners showing now", response: { 200: okResponse(z.array(heroBannerSchema)) } },
      config: {
        ...publicRoute,
        // A banner whose start or end passes shows up or leaves on time.
        publicCache: { key: (request) => byTheMinute(request.url) },
      },
    },
    (request, reply) =>
      sendCached(request, reply, async () => ({
        success: true as const,
        message: "Hero banners fetched successfully",
        data: await listLiveBanners(app.db),
      })),
  );

  app.get(
    "/api/hero-banners/all",
    {
      schema: { summary: "List every banner", response: { 200: okResponse(z.array(heroBannerSchema)) } },
      config: requirePermission("herobanner:view-hero-banners"),
    },
    async () => ({
      success: true,
      message: "Hero banners fetched successfully",
      data: await listAllBanners(app.db),
    }),
  );

  app.put(
    "/api/hero-banners/reorder",
    {
      config: { ...requirePermission("herobanner:update-hero-banner"), ...label("Reorder hero banners") },
      schema: {
        summary: "Reorder the banners",
        body: heroBannerReorderSchema,
        response: { 200: okResponse(z.array(heroBannerSchema)) },
      },
    },
    async (request) => {
      const banners = await reorderBanners(app.db, request.body.ids);
      await audit(request, {
        module: "herobanner",
        action: "Reorder hero banners",
        description: `Reordered hero banners: ${banners.map((b) => b.title).join(", ")}`,
      });
      return { success: true, message: "Hero banners reordered successfully", data: banners };
    },
  );

  app.get(
    "/api/hero-banners/:id",
    {
      config: requirePermission("herobanner:view-hero-banners"),
      schema: { summary: "Get a banner", params: idParamsSchema, response: { 200: okResponse(heroBannerSchema) } },
    },
    async (request) => ({
      success: true,
      message: "Hero banner fetched successfully",
      data: await getBanner(app.db, request.params.id),
    }),
  );

  app.post(
    "/api/hero-banners",
    {
      config: { ...requirePermission("herobanner:create-hero-banner"), ...label("Create hero banner") },
      schema: {
        summary: "Create a banner",
        body: heroBannerCreateSchema,
        response: { 201: okResponse(heroBannerSchema) },
      },
    },
    async (request, reply) => {
      const banner = await createBanner(app.db, request.body);
      await audit(request, {
        module: "herobanner",
        action: "Create hero banner",
        description: `Created hero banner ${banner.title}`,
        details: { bannerInfo: bannerInfo(banner) },
      });
      return reply.status(201).send({ success: true, message: "Hero banner created successfully", data: banner });
    },
  );

  app.put(
    "/api/hero-banners/:id",
    {
      config: { ...requirePermission("herobanner:update-hero-banner"), ...label("Update hero banner") },
      schema: {
        summary: "Update a banner",
        params: idParamsSchema,
        body: heroBannerUpdateSchema,
        response: { 200: okResponse(heroBannerSchema) },
      },
    },
    async (request) => {
      const { before, after } = await updateBanner(app.db, request.params.id, request.body);
      await audit(request, {
        module: "herobanner",
        action: "Update hero banner",
        description: `Updated hero banner ${after.title}`,
        details: { bannerInfo: bannerInfo(after), fieldChanges: fieldChanges(editable(before), editable(after)) },
      });
      return { success: true, message: "Hero banner updated successfully", data: after };
    },
  );

  app.delete(
    "/api/hero-banners/:id",
    {
      config: { ...requirePermission("herobanner:delete-hero-banner"), ...label("Delete hero banner") },
      schema: { summary: "Delete a banner", params: idParamsSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const banner = await deleteBanner(app.db, request.params.id);
      await audit(request, {
        module: "herobanner",
        action: "Delete hero banner",
        description: `Deleted hero banner ${banner.title}`,
        details: { bannerInfo: bannerInfo(banner) },
      });
      return { success: true, message: "Hero banner deleted successfully" };
    },
  );
};
