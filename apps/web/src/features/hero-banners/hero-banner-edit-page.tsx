import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { RecordLoadFailure } from "@/components/record-load-failure";
import { PageSpinner } from "@/components/spinner";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import { useHeroBanner } from "./api/get-hero-banner";
import { useUpdateHeroBanner } from "./api/save-hero-banner";
import { BannerForm } from "./banner-form";
import { bannerChangesOf } from "./banner-form-schema";

const t = backofficeCopy.banners;
const page = adminCopy.adminPages.heroBannerEdit;

/** /admin/hero-banners/edit?id=… — the shared banner form with the banner loaded; sends what changed. */
export function HeroBannerEditPage() {
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const banner = useHeroBanner(id);
  const updateBanner = useUpdateHeroBanner();
  const toast = useToast();

  if (id && banner.isPending) return <PageSpinner />;
  const back = (
    <Link to={paths.admin.heroBanners} className={buttonClasses("outline")}>
      {t.backToBanners}
    </Link>
  );
  if (!id) {
    return (
      <>
        <PageHeader title={page.title} />
        <EmptyState title={t.notFound} action={back} />
      </>
    );
  }
  if (banner.isError) {
    return (
      <>
        <PageHeader title={page.title} />
        <RecordLoadFailure
          error={banner.error}
          notFound={t.notFound}
          back={back}
          onRetry={() => void banner.refetch()}
        />
      </>
    );
  }

  const current = banner.data;
  if (!current) return <PageSpinner />;
  return (
    <>
      <PageHeader title={`${page.title}: ${current.title}`} description={page.description} />
      <BannerForm
        key={current._id}
        banner={current}
        submitLabel={t.form.save}
        failureMessage={t.form.failedUpdate}
        onSave={async (values) => {
          const changes = bannerChangesOf(current, values);
          if (Object.keys(changes).length === 0) {
            toast.info(t.form.nothingChanged);
            return false;
          }
          await updateBanner.mutateAsync({ id: current._id, changes });
          toast.success(t.form.updated);
          return true;
        }}
      />
    </>
  );
}
