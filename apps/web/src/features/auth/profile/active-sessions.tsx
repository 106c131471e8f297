import { accountCopy } from "@shop/shared/account-copy";
import type { SessionDto } from "@shop/shared/schemas/account";
import { useId, useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { actionsColumn, DataTable, type DataTableColumn, tableStateOf } from "@/components/data-table";
import { StatusBadge } from "@/components/status-badge";
import { messageOf } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useToast } from "@/lib/toasts";
import { useSessions, useSignOutOtherSessions, useSignOutSession } from "./sessions-api";

const t = accountCopy.sessions;

/** The profile's "Active sessions": where one is signed in, and a way to end the others. */
export function ActiveSessions() {
  const headingId = useId();
  const sessions = useSessions();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const endOne = async (session: SessionDto) => {
    try {
      toast.success(await signOutOne.mutateAsync(session._id));
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  const endOthers = async () => {
    try {
      toast.success(await signOutOthers.mutateAsync(undefined));
      setConfirming(false);
    } catch {
      // The dialog shows the reason and stays open.
    }
  };

  const columns: DataTableColumn<SessionDto>[] = [
    {
      id: "browser",
      header: t.browser,
      cell: (session) => (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{session.browser}</span>
          {session.current ? <StatusBadge tone="brand">{t.current}</StatusBadge> : null}
        </div>
      ),
    },
    { id: "address", header: t.address, cell: (session) => session.ipAddress ?? t.unknownAddress },
    { id: "started", header: t.started, className: "whitespace-nowrap", cell: (s) => formatDateTime(s.createdAt) },
    {
      id: "lastSeen",
      header: t.lastSeen,
      className: "whitespace-nowrap",
      cell: (session) => formatDateTime(session.lastSeenAt ?? session.createdAt),
    },
    {
      ...actionsColumn,
      cell: (session) =>
        session.current ? null : (
          <Button
            size="sm"
            variant="outline"
            aria-label={`${t.signOut}: ${session.browser}, ${session.ipAddress ?? t.unknownAddress}`}
            isLoading={signOutOne.isPending && signOutOne.variables === session._id}
            onClick={() => void endOne(session)}
          >
            {t.signOut}
          </Button>
        ),
    },
  ];

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t.intro}</p>
        </div>
        {others > 0 ? (
          <Button
            variant="outline"
            onClick={() => {
              signOutOthers.reset();
              setConfirming(true);
            }}
          >
            {t.signOutOthers}
          </Button>
        ) : null}
      </div>
      <DataTable
        caption={t.title}
        columns={columns}
        rows={sessions.data}
        rowKey={(session) => session._id}
        {...tableStateOf(sessions, t.failed)}
        empty={{ title: t.empty }}
        skeletonRows={2}
      />
      {confirming ? (
        <ConfirmDialog
          title={t.signOutOthers}
          message={t.intro}
          confirmLabel={t.signOut}
          tone="danger"
          isPending={signOutOthers.isPending}
          error={signOutOthers.isError ? messageOf(signOutOthers.error) : null}
          onConfirm={() => void endOthers()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
