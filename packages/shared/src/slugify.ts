/** Spec section 5: lowercase, whitespace runs become hyphens. Shared by the forms and the API. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}
