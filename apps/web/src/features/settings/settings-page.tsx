import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { PageSpinner } from "@/components/spinner";
import { messageOf } from "@/lib/api-client";
import { useSettings } from "./api/get-settings";
import { DkimRecord } from "./dkim-record";
import { SettingsForm } from "./settings-form";

const page = backofficeCopy.pages.settings;

/** /admin/settings: what the footer and the emails say about the shop. */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <>
      <PageHeader title={page.title} description={page.description} />
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
