import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useInvalidateCatalogue } from "./invalidate-catalogue";

/** DELETE /categories/:id — 409 while products or subcategories still use it. */
export async function deleteCategory(id: string): Promise<void> {
  await api.delete<unknown>(`/categories/${encodeURIComponent(id)}`, {
    defaultMessage: backofficeCopy.categories.failedDelete,
  });
}

/** DELETE /subcategories/:id */
export async function deleteSubcategory(id: string): Promise<void> {
  await api.delete<unknown>(`/subcategories/${encodeURIComponent(id)}`, {
    defaultMessage: backofficeCopy.categories.failedDelete,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: deleteCategory, onSuccess: invalidate });
}

export function useDeleteSubcategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: deleteSubcategory, onSuccess: invalidate });
}
