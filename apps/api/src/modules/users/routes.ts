import { copy } from "@shop/shared/copy";
import {
  conflictResponse,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  okResponse,
} from "@shop/shared/schemas/common";
import {
  passwordChangeSchema,
  profileUpdateSchema,
  userCreateSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
  userStatusSchema,
  userUpdateSchema,
} from "@shop/shared/schemas/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { TooManyAttempts } from "../../lib/failure-throttle.ts";
import { audit } from "../../plugins/activity.ts";
import { authenticatedRoute, principalOf, requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { changePassword, type PasswordAttempts, passwordCheckKey } from "./passwords.ts";
import { createUser, listUsers, setUserActive, type UserChange, updateProfile, updateUser } from "./service.ts";

const userInfo = (user: { _id: string; name: string; email: string }) => ({
  name: user.name,
  email: user.email,
  id: user._id,
});

function changedFields({ before, after }: UserChange) {
  const view = (u: typeof before) => ({
    name: u.name,
    phone: u.phone,
    role: u.role?.name ?? null,
    isActive: u.isActive,
    isSuperAdmin: u.isSuperAdmin,
    notifyEnquiries: u.notifyEnquiries,
  });
  return fieldChanges(view(before), view(after));
}

export const userRoutes: FastifyPluginAsyncZod<{ attempts: PasswordAttempts }> = async (app, options) => {
  declareCacheScope(app, nothingPublic);
  app.get(
    "/api/users/get-all-users",
    {
      config: requirePermission("user:view-users"),
      schema: {
        summary: "List staff users",
        querystring: userListQuerySchema,
        response: { 200: okResponse(userListSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Users fetched successfully",
      data: await listUsers(app.db, request.query),
    }),
  );

  app.post(
    "/api/users",
    {
      config: { ...requirePermission("user:create-update-user"), activity: { module: "user", action: "Create user" } },
      schema: {
        summary: "Create a staff user",
        body: userCreateSchema,
        response: { 201: okResponse(userSchema), 409: conflictResponse("The email is taken") },
      },
    },
    async (request, reply) => {
      const user = await createUser(app.db, principalOf(request), request.body);
      await audit(request, {
        module: "user",
        action: "Create user",
        description: `Created ${user.isSuperAdmin ? "super admin" : "user"} ${user.email}`,
        details: {
          userInfo: userInfo(user),
          roleinfo: user.role ? { name: user.role.name, id: user.role._id } : undefined,
          isSuperAdmin: user.isSuperAdmin,
        },
      });
      return reply.status(201).send({ success: true, message: copy.users.created, data: user });
    },
  );

  app.put(
    "/api/users/:id",
    {
      config: {
        ...requirePermission("user:deactivate-user"),
        activity: { module: "user", action: "Update user status" },
      },
      schema: {
        summary: "Activate or deactivate a staff user",
        params: idParamsSchema,
        body: userStatusSchema,
        response: { 200: okResponse(userSchema), 409: conflictResponse("The last super admin cannot be deactivated") },
      },
    },
    async (request) => {
      const change = await setUserActive(app.db, principalOf(request), request.params.id, request.body.isActive);
      const { after } = change;
      await audit(request, {
        module: "user",
        action: after.isActive ? "Activate user" : "Deactivate user",
        description: `${after.isActive ? "Activated" : "Deactivated"} user ${after.email}`,
        details: { userInfo: userInfo(after), updatedisActive: after.isActive, fieldChanges: changedFields(change) },
      });
      return {
        success: true,
        message: after.isActive ? copy.users.activated : copy.users.deactivated,
        data: after,
      };
    },
  );

  app.put(
    "/api/users/update-user/:id",
    {
      config: { ...requirePermission("user:create-update-user"), activity: { module: "user", action: "Update user" } },
      schema: {
        summary: "Update a staff user",
        params: idParamsSchema,
        body: userUpdateSchema,
        response: {
          200: okResponse(userSchema),
          409: conflictResponse("The email is taken, or the last super admin would go"),
        },
      },
    },
    async (request) => {
      const change = await updateUser(app.db, principalOf(request), request.params.id, request.body);
      const { after } = change;
      await audit(request, {
        module: "user",
        action: "Update user",
        description: `Updated user ${after.email}`,
        details: {
          userInfo: userInfo(after),
          roleinfo: after.role ? { name: after.role.name, id: after.role._id } : undefined,
          fieldChanges: changedFields(change),
          ...(request.body.isActive !== undefined && { updatedisActive: after.isActive }),
        },
      });
      return { success: true, message: copy.users.updated, data: after };
    },
  );

  app.put(
    "/api/users/profile",
    {
      config: { ...authenticatedRoute, activity: { module: "user", action: "Update profile" } },
      schema: {
        summary: "Update the caller's profile",
        body: profileUpdateSchema,
        response: { 200: okResponse(userSchema) },
      },
    },
    async (request) => {
      const change = await updateProfile(app.db, principalOf(request), request.body);
      await audit(request, {
        module: "user",
        action: "Update profile",
        description: `${change.after.email} updated their profile`,
        details: { userInfo: userInfo(change.after), fieldChanges: changedFields(change) },
      });
      return { success: true, message: copy.users.profileUpdated, data: change.after };
    },
  );

  app.put(
    "/api/users/change-password",
    {
      config: { ...authenticatedRoute, activity: { module: "user", action: "Change password" } },
      schema: {
        summary: "Change the caller's password",
        body: passwordChangeSchema,
        response: {
          200: messageResponseSchema,
          429: errorResponseSchema.describe("Too many wrong passwords: try again later"),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { throttle, refusals } = options.attempts;
      try {
        await changePassword(app.db, principal, request.body, { throttle, ipAddress: request.ip });
      } catch (error) {
        if (error instanceof TooManyAttempts) {
          const perPerson = error.blocked.includes(passwordCheckKey(principal.userId));
          refusals.note({
            burst: perPerson ? passwordCheckKey(principal.userId) : `ip:${request.ip}`,
            module: "user",
            action: "Change password",
            description: `Current-password checks for ${principal.email} refused: too many failed attempts`,
            userId: principal.userId,
            address: request.ip,
          });
        }
        throw error;
      }
      await audit(request, {
        module: "user",
        action: "Change password",
        description: `${principal.email} changed their password; other sessions were signed out`,
      });
      return { success: true, message: copy.users.passwordChanged };
    },
  );
};
