import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { CategoryCreate, CategoryDto } from "@shop/shared/schemas/products";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useInvalidateCatalogue } from "./invalidate-catalogue";

export type CategoryInput = Omit<CategoryCreate, "sortOrder"> & { sortOrder?: number };

/** POST /categories; a taken name or slug is a 409 with the field's message. */
export async function createCategory(input: CategoryInput): Promise<CategoryDto> {
  const { data } = await api.post<CategoryDto>("/categories", input, {
    defaultMessage: backofficeCopy.categories.failedSave,
  });
  return data;
}

/** PUT /categories/:id with the fields that changed. */
export async function updateCategory({ id, changes }: { id: string; changes: Partial<CategoryInput> }) {
  const { data } = await api.put<CategoryDto>(`/categories/${encodeURIComponent(id)}`, changes, {
    defaultMessage: backofficeCopy.categories.failedSave,
  });
  return data;
}

export function useCreateCategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: createCategory, onSuccess: invalidate });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: updateCategory, onSuccess: invalidate });
}
