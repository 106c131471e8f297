import {
  type AdminPostDto,
  adminPostListSchema,
  adminPostSchema,
  blogIdParamsSchema,
  blogPostSchema,
  blogPostSummarySchema,
  blogSlugParamsSchema,
  postCreateSchema,
  postListQuerySchema,
  postPreviewResultSchema,
  postPreviewSchema,
  postUpdateSchema,
} from "@shop/shared/schemas/blog";
import { conflictResponse, idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { audit } from "../../plugins/activity.ts";
import { publicRoute, requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope } from "../../plugins/cluster.ts";
import { byTheMinute, sendCached } from "../../plugins/public-cache.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { blogCacheScope } from "./cache-scope.ts";
import { renderMarkdown } from "./markdown.ts";
import {
  createPost,
  deletePost,
  getPost,
  getPublishedPost,
  listAllPosts,
  listPublishedPosts,
  updatePost,
} from "./service.ts";

const view = requirePermission("blog:view-posts");
const write = requirePermission("blog:create-update-post");
const label = (action: string) => ({ activity: { module: "blog", action } });
const editable = (post: AdminPostDto) => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  coverImage: post.coverImage,
  body: post.body,
  author: post.author,
  status: post.status,
  publishedAt: post.publishedAt,
});

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  declareCacheScope(app, blogCacheScope);
  app.get(
    "/api/blog/posts",
    {
      // A post published for later appears on time.
      config: { ...publicRoute, publicCache: { key: (request) => byTheMinute(request.url) } },
      schema: { summary: "List published posts", response: { 200: okResponse(z.array(blogPostSummarySchema)) } },
    },
    (request, reply) =>
      sendCached(request, reply, async () => ({
        success: true as const,
        message: "Posts fetched successfully",
        data: await listPublishedPosts(app.db),
      })),
  );

  app.get(
    "/api/blog/posts/:post",
    {
      // A post published for later appears on time.
      config: { ...publicRoute, publicCache: { key: (request) => byTheMinute(request.url) } },
      schema: {
        summary: "Get a published post by its slug",
        params: blogSlugParamsSchema,
        response: { 200: okResponse(blogPostSchema) },
      },
    },
    (request, reply) =>
      sendCached(request, reply, async () => ({
        success: true as const,
        message: "Post fetched successfully",
        data: await getPublishedPost(app.db, request.params.post),
      })),
  );

  app.get(
    "/api/blog/admin/posts",
    {
      config: view,
      schema: {
        summary: "List posts, drafts too",
        querystring: postListQuerySchema,
        response: { 200: okResponse(adminPostListSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Posts fetched successfully",
      data: await listAllPosts(app.db, request.query),
    }),
  );

  app.get(
    "/api/blog/admin/posts/:id",
    {
      config: view,
      schema: {
        summary: "Get a post for editing",
        params: idParamsSchema,
        response: { 200: okResponse(adminPostSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Post fetched successfully",
      data: await getPost(app.db, request.params.id),
    }),
  );

  app.post(
    "/api/blog/preview",
    {
      config: write,
      schema: {
        summary: "Render Markdown as the post page would",
        body: postPreviewSchema,
        response: { 200: okResponse(postPreviewResultSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Preview rendered",
      data: { html: renderMarkdown(request.body.body) },
    }),
  );

  app.post(
    "/api/blog/posts",
    {
      config: { ...write, ...label("Create post") },
      schema: {
        summary: "Create a post",
        body: postCreateSchema,
        response: { 201: okResponse(adminPostSchema), 409: conflictResponse("The slug is taken") },
      },
    },
    async (request, reply) => {
      const post = await createPost(app.db, request.body);
      await audit(request, {
        module: "blog",
        action: "Create post",
        description: `Created ${post.status} post ${post.title}`,
      });
      return reply.status(201).send({ success: true, message: "Post created successfully", data: post });
    },
  );

  app.put(
    "/api/blog/posts/:post",
    {
      config: { ...write, ...label("Update post") },
      schema: {
        summary: "Update or publish a post by its id",
        params: blogIdParamsSchema,
        body: postUpdateSchema,
        response: { 200: okResponse(adminPostSchema), 409: conflictResponse("The slug is taken") },
      },
    },
    async (request) => {
      const { before, after } = await updatePost(app.db, request.params.post, request.body);
      const published =
        before.status !== after.status ? (after.status === "published" ? "Published" : "Unpublished") : undefined;
      await audit(request, {
        module: "blog",
        action: published ? `${published.replace(/ed$/, "")} post` : "Update post",
        description: `${published ?? "Updated"} post ${after.title}`,
        details: { fieldChanges: fieldChanges(editable(before), editable(after)) },
      });
      return { success: true, message: "Post updated successfully", data: after };
    },
  );

  app.delete(
    "/api/blog/posts/:post",
    {
      config: { ...requirePermission("blog:delete-post"), ...label("Delete post") },
      schema: {
        summary: "Delete a post by its id",
        params: blogIdParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const post = await deletePost(app.db, request.params.post);
      await audit(request, { module: "blog", action: "Delete post", description: `Deleted post ${post.title}` });
      return { success: true, message: "Post deleted successfully" };
    },
  );
};
