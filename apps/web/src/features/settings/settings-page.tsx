import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { mailDeliveryCopy } from "@shop/shared/schemas/mail-delivery";
import { Link } from "react-router";
import { buttonClasses } from "@/components/button";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { PageSpinner } from "@/components/spinner";
import { messageOf } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useSettings } from "./api/get-settings";
import { DkimRecord } from "./dkim-record";
import { MailDeliveryBanner } from "./mail-delivery-banner";
import { SettingsForm } from "./settings-form";

const page = backofficeCopy.pages.settings;

/** /admin/settings: what the footer and the emails say about the shop. */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <>
      <PageHeader
        title={page.title}
        description={page.description}
        actions={
          <Link to={paths.admin.mailDelivery} className={buttonClasses("outline")}>
            {mailDeliveryCopy.page.open}
          </Link>
        }
      />
      <MailDeliveryBanner />
      {settings.isPending ? (
        <PageSpinner />
      ) : settings.isError ? (
        <ErrorState
          title={backofficeCopy.settings.failedFetch}
          description={messageOf(settings.error)}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
      <DkimRecord />
    </>
  );
}
