import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { Link, useParams } from "react-router";
import { buttonClasses } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
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
  if (product.isError || categories.isError) {
    const error = product.error ?? categories.error;
    return (
      <>
        <PageHeader title={page.title} />
        <EmptyState
          title={product.isError ? backofficeCopy.products.notFound : backofficeCopy.categories.failedFetch}
          description={messageOf(error)}
          action={
            <Link to={paths.admin.products} className={buttonClasses("outline")}>
              {backofficeCopy.products.backToProducts}
            </Link>
          }
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
