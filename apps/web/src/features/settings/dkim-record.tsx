import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { ErrorState } from "@/components/error-state";
import { Spinner } from "@/components/spinner";
import { messageOf } from "@/lib/api-client";
import { useMailAuthentication } from "./api/get-mail-authentication";

const t = backofficeCopy.settings;

/** Read-only: the DNS record that lets receivers check the shop's DKIM signatures (set by the server's key). */
export function DkimRecord() {
  const query = useMailAuthentication();
  return (
    <section
      aria-labelledby="dkim-heading"
      className="mt-6 grid gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="dkim-heading" className="text-base font-semibold text-slate-900">
        {t.dkim}
      </h2>
      {query.isPending ? (
        <Spinner label={t.dkimLoading} className="size-6" />
      ) : query.isError ? (
        <ErrorState title={t.dkimFailed} description={messageOf(query.error)} onRetry={() => void query.refetch()} />
      ) : !query.data.dkim ? (
        <p className="text-sm text-slate-600">{t.dkimOff}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t.dkimDescription}</p>
          <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
            <dt className="font-medium text-slate-700">{t.dkimRecordName}</dt>
            <dd className="break-all font-mono text-slate-900">{query.data.dkim.record.name}</dd>
            <dt className="font-medium text-slate-700">{t.dkimRecordType}</dt>
            <dd className="font-mono text-slate-900">{query.data.dkim.record.type}</dd>
            <dt className="font-medium text-slate-700">{t.dkimRecordValue}</dt>
            <dd className="break-all font-mono text-slate-900">{query.data.dkim.record.value}</dd>
            <dt className="font-medium text-slate-700">{t.dkimAlgorithm}</dt>
            <dd className="font-mono text-slate-900">{query.data.dkim.algorithm}</dd>
          </dl>
        </>
      )}
    </section>
  );
}
