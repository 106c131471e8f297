import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { PageHeader } from "@/components/page-header";
import { PageSpinner } from "@/components/spinner";
import { useToast } from "@/lib/toasts";
import { useAllHeroBanners } from "./api/get-hero-banners";
import { useCreateHeroBanner } from "./api/save-hero-banner";
import { BannerForm } from "./banner-form";

const t = backofficeCopy.banners.form;
const page = adminCopy.adminPages.heroBannerCreate;

/** /admin/hero-banners/create — the shared banner form, empty. */
export function HeroBannerCreatePage() {
  const banners = useAllHeroBanners();
  const createBanner = useCreateHeroBanner();
  const toast = useToast();
  // A new banner goes after the last one unless told otherwise (without the list, first).
  const last = banners.data?.at(-1);

  return (
    <>
      <PageHeader title={page.title} description={page.description} />
      {banners.isPending ? (
        <PageSpinner />
      ) : (
        <BannerForm
          nextOrder={last ? last.displayOrder + 1 : 0}
          submitLabel={t.create}
          failureMessage={t.failedCreate}
          onSave={async (values) => {
            await createBanner.mutateAsync(values);
            toast.success(t.created);
            return true;
          }}
        />
      )}
    </>
  );
}
