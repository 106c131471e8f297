import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { ProductStatus } from "@shop/shared/schemas/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { productKeys } from "@/features/products/api/product-keys";
import { api, messageOf } from "@/lib/api-client";
import type { AdminProductList } from "./get-admin-products";
import { adminProductKeys } from "./keys";

export type StatusChange = { ids: readonly string[]; status: ProductStatus };
export type StatusChangeResult = { changed: string[]; failures: { id: string; message: string }[] };

/** A few at a time: a bulk delete of a full page should not queue a hundred writes at once. */
const parallel = 5;

/**
 * Soft delete (status inactive) or restore (active), one PUT /products/:id each — the API has no
 * bulk write. Every product is tried; the result says which changed and why the others did not.
 */
export async function setProductsStatus({ ids, status }: StatusChange): Promise<StatusChangeResult> {
  const fallback = status === "inactive" ? backofficeCopy.products.failedDelete : backofficeCopy.products.failedRestore;
  const result: StatusChangeResult = { changed: [], failures: [] };
  for (let start = 0; start < ids.length; start += parallel) {
    const batch = ids.slice(start, start + parallel);
    const settled = await Promise.allSettled(
      batch.map((id) =>
        api.put<unknown>(`/products/${encodeURIComponent(id)}`, { status }, { defaultMessage: fallback }),
      ),
    );
    settled.forEach((outcome, index) => {
      const id = batch[index];
      if (id === undefined) return;
      if (outcome.status === "fulfilled") result.changed.push(id);
      else result.failures.push({ id, message: messageOf(outcome.reason, fallback) });
    });
  }
  return result;
}

export function useSetProductsStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductsStatus,
    onSuccess: ({ changed }, { status }) => {
      // Spec section 4: a deleted product leaves the list at once, before the refetch lands.
      const gone = new Set(changed);
      for (const [key, list] of queryClient.getQueriesData<AdminProductList>({ queryKey: adminProductKeys.lists() })) {
        const filters = key[key.length - 1];
        if (!list || typeof filters !== "object" || filters === null || !("status" in filters)) continue;
        // A list of every status, or of the new one, still shows the product.
        if (filters.status === "all" || filters.status === status) continue;
        const products = list.products.filter((product) => !gone.has(product._id));
        const removed = list.products.length - products.length;
        queryClient.setQueryData<AdminProductList>(key, {
          products,
          pagination: { ...list.pagination, totalProducts: Math.max(0, list.pagination.totalProducts - removed) },
        });
      }
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.categories() }),
      ]);
    },
  });
}
