import { adminCopy } from "@shop/shared/admin-copy";
import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { useCallback, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { buttonClasses } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { MailIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { PageSpinner } from "@/components/spinner";
import { messageOf } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useDraft } from "../api/get-campaign";
import { isEditable } from "../campaign-status";
import { OutboxBanner } from "../outbox-banner";
import { ComposeForm } from "./compose-form";

const t = campaignUiCopy.compose;

/** The form's own new draft put its id in the URL: the form stays as it is. */
const adoptedState = { adopted: true };
const isAdopted = (state: unknown) => typeof state === "object" && state !== null && "adopted" in state;

/** /admin/compose-mail, and /admin/compose-mail?id=… to go on with a draft. */
export function ComposeMailPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = params.get("id");
  const draft = useDraft(id);
  // A new visit (the sidebar, a draft from the history) starts a fresh form; the URL catching up
  // with a draft the form itself created does not.
  const [formKey, setFormKey] = useState(location.key);
  if (formKey !== location.key && !isAdopted(location.state)) setFormKey(location.key);

  const adopt = useCallback(
    (newId: string) =>
      void navigate({ search: `?id=${encodeURIComponent(newId)}` }, { replace: true, state: adoptedState }),
    [navigate],
  );

  const page = adminCopy.adminPages.compose;
  const header = <PageHeader title={id ? t.editTitle : page.title} description={page.description} />;
  if (id && draft.isPending) return <PageSpinner />;
  if (id && draft.isError) {
    return (
      <>
        {header}
        <ErrorState
          title={campaignUiCopy.errors.fetchMail}
          description={messageOf(draft.error, campaignUiCopy.errors.fetchMail)}
          onRetry={() => void draft.refetch()}
        />
      </>
    );
  }
  if (draft.data && !isEditable(draft.data.status)) {
    return (
      <>
        {header}
        <EmptyState
          icon={<MailIcon className="size-6" />}
          title={t.notEditable}
          action={
            <div className="flex flex-wrap justify-center gap-3">
              <Link to={paths.admin.emailDetail(draft.data._id)} className={buttonClasses("primary")}>
                {t.viewDetails}
              </Link>
              <Link to={paths.admin.compose} className={buttonClasses("outline")}>
                {t.newEmail}
              </Link>
            </div>
          }
        />
      </>
    );
  }
  return (
    <>
      {header}
      <OutboxBanner />
      <ComposeForm key={formKey} campaign={draft.data} onCreated={adopt} />
    </>
  );
}
