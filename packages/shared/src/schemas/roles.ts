import { z } from "zod";
import { pageQuery, searchQuery, text } from "./common.ts";

const permissionName = z.string().regex(/^[a-z]+:[a-z-]+$/, "Invalid permission name");

export const roleCreateSchema = z.strictObject({
  name: text(60).pipe(z.string().min(2, "Role name must be at least 2 characters")),
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

export type RoleDto = {
  _id: string;
  name: string;
  description: string;
  requireTwoFactor: boolean;
  permissions: { name: string }[];
  userCount: number;
  createdAt: string;
  updatedAt: string;
};

export type PermissionDto = { _id: string; name: string; module: string; label: string };
