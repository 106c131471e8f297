import { idSchema } from "@shop/shared/schemas/common";
import {
  userCreateFormSchema as apiUserCreateFormSchema,
  nameSchema,
  phoneSchema,
  type UserDto,
  type UserUpdate,
} from "@shop/shared/schemas/users";
import { z } from "zod";
import { requiredField } from "@/lib/required-field";

const createFields = apiUserCreateFormSchema.shape;

/**
 * The shared create form (the API's fields and rules, and the password confirmation it never sees),
 * each field spec section 5 requires saying so when left blank.
 */
export const userCreateFormSchema = apiUserCreateFormSchema.safeExtend({
  name: requiredField("Name", createFields.name),
  email: requiredField("Email", createFields.email),
  phone: requiredField("Phone", createFields.phone),
  role: requiredField("Role", createFields.role),
  password: requiredField("Password", createFields.password),
});
export type UserCreateFormInput = z.input<typeof userCreateFormSchema>;
export type UserCreateFormValues = z.output<typeof userCreateFormSchema>;

/** The edit form; the email is shown locked beside it, outside the form values. */
export const userEditFormSchema = z.object({
  name: requiredField("Name", nameSchema),
  phone: requiredField("Phone", phoneSchema),
  role: requiredField("Role", idSchema),
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
