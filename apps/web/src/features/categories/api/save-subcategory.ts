import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { SubcategoryDto } from "@shop/shared/schemas/products";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useInvalidateCatalogue } from "./invalidate-catalogue";

export type SubcategoryInput = { category: string; name: string; slug?: string; description: string };

/** POST /subcategories */
export async function createSubcategory(input: SubcategoryInput): Promise<SubcategoryDto> {
  const { data } = await api.post<SubcategoryDto>("/subcategories", input, {
    defaultMessage: backofficeCopy.categories.failedSave,
  });
  return data;
}

/** PUT /subcategories/:id */
export async function updateSubcategory({ id, changes }: { id: string; changes: Partial<SubcategoryInput> }) {
  const { data } = await api.put<SubcategoryDto>(`/subcategories/${encodeURIComponent(id)}`, changes, {
    defaultMessage: backofficeCopy.categories.failedSave,
  });
  return data;
}

export function useCreateSubcategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: createSubcategory, onSuccess: invalidate });
}

export function useUpdateSubcategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: updateSubcategory, onSuccess: invalidate });
}
