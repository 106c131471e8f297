import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { PageSpinner } from "@/components/spinner";
import { useCategories } from "@/features/products/api/get-categories";
import { messageOf } from "@/lib/api-client";
import { useToast } from "@/lib/toasts";
import { useCreateProduct } from "./api/save-product";
import { ProductForm } from "./product-form";
import { productPayloadOf } from "./product-form-schema";

const t = backofficeCopy.productForm;
const page = adminCopy.adminPages.productCreate;

/** /admin/products/create */
export function ProductCreatePage() {
  const categories = useCategories();
  const createProduct = useCreateProduct();
  const toast = useToast();

  return (
    <>
      <PageHeader title={page.title} description={page.description} />
      {categories.isPending ? (
        <PageSpinner />
      ) : categories.isError ? (
        <ErrorState
          title={backofficeCopy.categories.failedFetch}
          description={messageOf(categories.error)}
          onRetry={() => void categories.refetch()}
        />
      ) : (
        <ProductForm
          categories={categories.data}
          submitLabel={t.create}
          failureMessage={t.failedCreate}
          onSave={async (values) => {
            await createProduct.mutateAsync(productPayloadOf(values));
            toast.success(t.created);
            return true;
          }}
        />
      )}
    </>
  );
}
