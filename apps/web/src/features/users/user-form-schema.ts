import { copy } from "@shop/shared/copy";
import { idSchema } from "@shop/shared/schemas/common";
import {
  emailSchema,
  nameSchema,
  passwordSchema,
  phoneSchema,
  type UserDto,
  type UserUpdate,
} from "@shop/shared/schemas/users";
import { z } from "zod";

const v = copy.validation;

/** Spec section 5 names the required fields: an empty one says so before its format rule speaks. */
const required = (field: string, schema: z.ZodType<string, string>) =>
  z.string().trim().min(1, v.required(field)).pipe(schema);

/** The create form: the API's fields, required, plus the confirmation the API never sees. */
export const userCreateFormSchema = z
  .object({
    name: required("Name", nameSchema),
    email: required("Email", emailSchema),
    phone: required("Phone", phoneSchema),
    role: required("Role", idSchema),
    password: z.string().min(1, v.required("Password")).pipe(passwordSchema),
    confirmPassword: z.string(),
    isSuperAdmin: z.boolean(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: v.passwordsMismatch,
    path: ["confirmPassword"],
  });
export type UserCreateFormInput = z.input<typeof userCreateFormSchema>;
export type UserCreateFormValues = z.output<typeof userCreateFormSchema>;

/** The edit form; the email is shown locked beside it, outside the form values. */
export const userEditFormSchema = z.object({
  name: required("Name", nameSchema),
  phone: required("Phone", phoneSchema),
  role: required("Role", idSchema),
  isActive: z.boolean(),
});
export type UserEditFormInput = z.input<typeof userEditFormSchema>;
export type UserEditFormValues = z.output<typeof userEditFormSchema>;

export function editDefaultsOf(user: UserDto): UserEditFormInput {
  return { name: user.name, phone: user.phone, role: user.role?._id ?? "", isActive: user.isActive };
}

/** Spec section 5: of name, phone, role and isActive, only those that changed are sent. */
export function userChanges(user: UserDto, values: UserEditFormValues): UserUpdate {
  return {
    ...(values.name !== user.name && { name: values.name }),
    ...(values.phone !== user.phone && { phone: values.phone }),
    ...(values.role !== (user.role?._id ?? "") && { role: values.role }),
    ...(values.isActive !== user.isActive && { isActive: values.isActive }),
  };
}
