import { z } from "zod";
import { line, pageQuery, paginationSchema, searchQuery, text } from "./common.ts";

const permissionName = z.string().regex(/^[a-z]+:[a-z-]+$/, "Invalid permission name");

export const roleCreateSchema = z.strictObject({
  name: line(60).pipe(z.string().min(2, "Role name must be at least 2 characters")),
  description: text(300).optional(),
  permissions: z.array(permissionName).max(200).default([]),
  /** Its users must set up a second factor before any admin page (issue 17). */
  requireTwoFactor: z.boolean().optional(),
});
export type RoleCreate = z.infer<typeof roleCreateSchema>;

export const roleUpdateSchema = z
  .strictObject({
    name: roleCreateSchema.shape.name.optional(),
    description: roleCreateSchema.shape.description,
    permissions: z.array(permissionName).max(200).optional(),
    requireTwoFactor: z.boolean().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to update" });
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

export const roleListQuerySchema = z.strictObject({
  ...pageQuery,
  limit: z.coerce.number().int().min(1).max(100).default(100),
  search: searchQuery,
});

export const permissionListQuerySchema = z.strictObject({
  module: text(50).optional(),
});

export const roleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  requireTwoFactor: z.boolean(),
  permissions: z.array(z.object({ name: z.string() })),
  userCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleDto = z.infer<typeof roleSchema>;
export const roleListSchema = z.object({
  roles: z.array(roleSchema),
  pagination: paginationSchema.extend({ totalRoles: z.number(), rolesPerPage: z.number() }),
});
export const permissionSchema = z.object({ _id: z.string(), name: z.string(), module: z.string(), label: z.string() });
export type PermissionDto = z.infer<typeof permissionSchema>;
