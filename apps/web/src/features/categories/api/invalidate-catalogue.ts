import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { productKeys } from "@/features/products/api/product-keys";
import { categoryKeys } from "./keys";

/** After a category write: categories, subcategories and every product list (they show category names). */
export function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
    [queryClient],
  );
}
