import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { Link, useParams } from "react-router";
import { buttonClasses } from "@/components/button";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { RecordLoadFailure } from "@/components/record-load-failure";
import { PageSpinner } from "@/components/spinner";
import { useCategories } from "@/features/products/api/get-categories";
import { messageOf } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import { useAdminProduct } from "./api/get-admin-product";
import { useUpdateProduct } from "./api/save-product";
import { ProductForm } from "./product-form";
import { productChangesOf } from "./product-form-schema";

const t = backofficeCopy.productForm;
const page = adminCopy.adminPages.productEdit;

/** /admin/products/edit/:id — sends only the fields that changed. */
export function ProductEditPage() {
  const { id = "" } = useParams();
  const product = useAdminProduct(id);
  const categories = useCategories();
  const updateProduct = useUpdateProduct();
  const toast = useToast();

  if (product.isPending || categories.isPending) return <PageSpinner />;
  const back = (
    <Link to={paths.admin.products} className={buttonClasses("outline")}>
      {backofficeCopy.products.backToProducts}
    </Link>
  );
  if (product.isError) {
    return (
      <>
        <PageHeader title={page.title} />
        <RecordLoadFailure
          error={product.error}
          notFound={backofficeCopy.products.notFound}
          back={back}
          onRetry={() => void product.refetch()}
        />
      </>
    );
  }
  if (categories.isError) {
    return (
      <>
        <PageHeader title={page.title} />
        <ErrorState
          title={backofficeCopy.categories.failedFetch}
          description={messageOf(categories.error)}
          onRetry={() => void categories.refetch()}
        />
      </>
    );
  }

  const current = product.data;
  return (
    <>
      <PageHeader title={`${page.title}: ${current.name}`} description={page.description} />
      <ProductForm
        key={current._id}
        product={current}
        categories={categories.data}
        submitLabel={t.save}
        failureMessage={t.failedUpdate}
        onSave={async (values) => {
          const changes = productChangesOf(current, values);
          if (Object.keys(changes).length === 0) {
            toast.info(t.nothingChanged);
            return false;
          }
          await updateProduct.mutateAsync({ id: current._id, changes });
          toast.success(t.updated);
          return true;
        }}
      />
    </>
  );
}
