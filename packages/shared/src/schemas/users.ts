import { z } from "zod";
import { copy } from "../copy.ts";
import { normaliseEmail } from "../email-address.ts";
import {
  booleanQuery,
  emailAddress,
  idSchema,
  line,
  pageQuery,
  paginationSchema,
  searchQuery,
  sortOrderSchema,
} from "./common.ts";

const v = copy.validation;

export const emailSchema = emailAddress(v.email);
export const nameSchema = line(100).pipe(z.string().min(2, v.nameMin));
/** Spec: phone exactly 10 characters; we also insist they are digits. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, v.phone);
export const passwordSchema = z.string().min(6, v.passwordMin).max(200);

export const loginSchema = z.strictObject({
  email: line(254)
    .transform(normaliseEmail)
    .pipe(z.string().min(1, v.required("Email"))),
  password: z.string().min(1, v.required("Password")).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const getUserQuerySchema = z.strictObject({ token: z.string().max(4096).optional() });

export const userCreateSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  role: idSchema,
  password: passwordSchema,
  isSuperAdmin: z.boolean().optional(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** The create form adds a confirmation the API never sees. */
export const userCreateFormSchema = userCreateSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: v.passwordsMismatch,
    path: ["confirmPassword"],
  });

export const userUpdateSchema = z
  .strictObject({
    name: nameSchema.optional(),
    phone: phoneSchema.optional(),
    role: idSchema.optional(),
    isActive: z.boolean().optional(),
    isSuperAdmin: z.boolean().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to update" });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userStatusSchema = z.strictObject({ isActive: z.boolean() });

export const userListQuerySchema = z.strictObject({
  ...pageQuery,
  search: searchQuery,
  role: idSchema.optional(),
  isActive: booleanQuery.optional(),
  sortBy: z.enum(["createdAt", "name", "email"]).default("createdAt"),
  sortOrder: sortOrderSchema,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

const permissionRefSchema = z.object({ name: z.string() });
const roleSummarySchema = z.object({ _id: z.string(), name: z.string(), permissions: z.array(permissionRefSchema) });
export type RoleSummary = z.infer<typeof roleSummarySchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  isSuperAdmin: z.boolean(),
  isActive: z.boolean(),
  /** "Email me new enquiries" (profile); only honoured for users who may view contacts. */
  notifyEnquiries: z.boolean().optional(),
  role: roleSummarySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserDto = z.infer<typeof userSchema>;

export const userListSchema = z.object({
  users: z.array(userSchema),
  pagination: paginationSchema.extend({ totalUsers: z.number(), usersPerPage: z.number() }),
});

export const loginResultSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** GET /api/users/get-user: the user, flagged when their role wants a second factor set up first. */
export const currentUserSchema = userSchema.extend({ twoFactorSetupRequired: z.literal(true).optional() });

/** A signed-in person's own details: the email stays as it is. */
export const profileUpdateSchema = z
  .strictObject({ name: nameSchema.optional(), phone: phoneSchema.optional(), notifyEnquiries: z.boolean().optional() })
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to update" });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z.strictObject({
  currentPassword: z.string().min(1, v.required("Current password")).max(200),
  newPassword: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirmNewPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmNewPassword, {
    message: v.passwordsMismatch,
    path: ["confirmNewPassword"],
  });

export const ownActivityQuerySchema = z.strictObject({ ...pageQuery });
