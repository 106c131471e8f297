import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { ProductCreate, ProductDto, ProductUpdate } from "@shop/shared/schemas/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { productKeys } from "@/features/products/api/product-keys";
import { api } from "@/lib/api-client";

/** POST /products */
export async function createProduct(input: ProductCreate): Promise<ProductDto> {
  const { data } = await api.post<ProductDto>("/products", input, {
    defaultMessage: backofficeCopy.productForm.failedCreate,
  });
  return data;
}

/** PUT /products/:id with only the fields that changed. */
export async function updateProduct({ id, changes }: { id: string; changes: ProductUpdate }): Promise<ProductDto> {
  const { data } = await api.put<ProductDto>(`/products/${encodeURIComponent(id)}`, changes, {
    defaultMessage: backofficeCopy.productForm.failedUpdate,
  });
  return data;
}

function useInvalidateProducts() {
  const queryClient = useQueryClient();
  // Categories count their products.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: productKeys.categories() }),
    ]);
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: createProduct, onSuccess: invalidate });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: updateProduct, onSuccess: invalidate });
}
