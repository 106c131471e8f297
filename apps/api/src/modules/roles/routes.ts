import { copy } from "@shop/shared/copy";
import { conflictResponse, idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import {
  permissionListQuerySchema,
  permissionSchema,
  type RoleDto,
  roleCreateSchema,
  roleListQuerySchema,
  roleListSchema,
  roleSchema,
  roleUpdateSchema,
} from "@shop/shared/schemas/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { audit } from "../../plugins/activity.ts";
import { principalOf, requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { createRole, deleteRole, getRole, listPermissions, listRoles, updateRole } from "./service.ts";

// Whoever may assign roles to users must be able to list them.
const viewRoles = requirePermission(["roles:view-roles", "roles:create-update-role", "user:create-update-user"]);
const manageRoles = requirePermission("roles:create-update-role");

/** What a role grants and asks of its users, as the activity log records it. */
const rules = (role: RoleDto) => ({
  permissions: role.permissions.map((p) => p.name),
  requireTwoFactor: role.requireTwoFactor,
});

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  declareCacheScope(app, nothingPublic);
  app.get(
    "/api/roles/get-all-role",
    {
      config: viewRoles,
      schema: {
        summary: "List roles",
        querystring: roleListQuerySchema,
        response: { 200: okResponse(roleListSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Roles fetched successfully",
      data: await listRoles(app.db, request.query),
    }),
  );

  app.get(
    "/api/roles/:id",
    {
      config: viewRoles,
      schema: { summary: "Get a role", params: idParamsSchema, response: { 200: okResponse(roleSchema) } },
    },
    async (request) => ({
      success: true,
      message: "Role fetched successfully",
      data: await getRole(app.db, request.params.id),
    }),
  );

  app.get(
    "/api/permissions/get-all-permissions",
    {
      config: requirePermission(["roles:view-roles", "roles:create-update-role"]),
      schema: {
        summary: "List every permission",
        querystring: permissionListQuerySchema,
        response: { 200: okResponse(z.array(permissionSchema)) },
      },
    },
    async (request) => ({
      success: true,
      message: "Permissions fetched successfully",
      data: await listPermissions(app.db, request.query.module),
    }),
  );

  app.post(
    "/api/roles/create-role",
    {
      config: { ...manageRoles, activity: { module: "roles", action: "Create role" } },
      schema: {
        summary: "Create a role",
        body: roleCreateSchema,
        response: { 201: okResponse(roleSchema), 409: conflictResponse("The name is taken") },
      },
    },
    async (request, reply) => {
      const role = await createRole(app.db, principalOf(request), request.body);
      await audit(request, {
        module: "roles",
        action: "Create role",
        description: `Created role ${role.name}`,
        details: { roleinfo: { name: role.name, id: role._id }, ...rules(role) },
      });
      return reply.status(201).send({ success: true, message: copy.roles.created, data: role });
    },
  );

  app.put(
    "/api/roles/update-role/:id",
    {
      config: { ...manageRoles, activity: { module: "roles", action: "Update role" } },
      schema: {
        summary: "Update a role",
        params: idParamsSchema,
        body: roleUpdateSchema,
        response: { 200: okResponse(roleSchema), 409: conflictResponse("The name is taken") },
      },
    },
    async (request) => {
      const { before, after } = await updateRole(app.db, principalOf(request), request.params.id, request.body);
      const view = (role: typeof before) => ({
        name: role.name,
        description: role.description,
        permissions: role.permissions.map((p) => p.name),
        requireTwoFactor: role.requireTwoFactor,
      });
      await audit(request, {
        module: "roles",
        action: "Update role",
        description: `Updated role ${after.name}`,
        details: {
          roleinfo: { name: after.name, id: after._id },
          fieldChanges: fieldChanges(view(before), view(after)),
        },
      });
      return { success: true, message: copy.roles.updated, data: after };
    },
  );

  app.delete(
    "/api/roles/:id",
    {
      config: { ...manageRoles, activity: { module: "roles", action: "Delete role" } },
      schema: {
        summary: "Delete a role",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 409: conflictResponse("Users still hold the role") },
      },
    },
    async (request) => {
      const role = await deleteRole(app.db, principalOf(request), request.params.id);
      await audit(request, {
        module: "roles",
        action: "Delete role",
        description: `Deleted role ${role.name}`,
        // What the role granted, so the log still says so once the role is gone.
        details: { roleinfo: { name: role.name, id: role._id }, ...rules(role) },
      });
      return { success: true, message: copy.roles.deleted };
    },
  );
};
