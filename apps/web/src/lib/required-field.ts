import { copy } from "@shop/shared/copy";
import { z } from "zod";

/**
 * A form field the spec (section 5) names as required: left blank it says "<Field> is required" rather
 * than the shared schema's format rule. The value reaches that schema as typed (it trims what it trims;
 * a password keeps its spaces).
 */
export function requiredField<Output>(field: string, schema: z.ZodType<Output, string>) {
  return z
    .string()
    .refine((value) => value.trim() !== "", copy.validation.required(field))
    .pipe(schema);
}
