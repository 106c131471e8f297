import { adminCopy } from "@shop/shared/admin-copy";
import { useState } from "react";
import { DataTable, tableStateOf } from "@/components/data-table";
import { Pagination } from "@/components/pagination";
import { openModal } from "@/modals/modal-store";
import { activityLogColumns } from "./activity-log-columns";
import { useOwnActivity } from "./api/get-own-activity";

const pageSize = 10;
const columns = activityLogColumns({
  onView: (log) => openModal("activityLogQuickView", { log }),
  withUser: false,
});

/** The signed-in user's own recent entries, for the profile page; anyone signed in may see theirs. */
export function OwnActivity() {
  const [page, setPage] = useState(1);
  const activity = useOwnActivity({ page, limit: pageSize });

  return (
    <DataTable
      caption={adminCopy.profile.activityTitle}
      columns={columns}
      rows={activity.data?.logs}
      rowKey={(log) => log._id}
      {...tableStateOf(activity)}
      empty={{ title: adminCopy.profile.activityEmpty }}
      onRowClick={(log) => openModal("activityLogQuickView", { log })}
      skeletonRows={3}
      footer={
        <Pagination
          page={page}
          pageSize={pageSize}
          total={activity.data?.pagination.totalLogs}
          onPageChange={setPage}
          disabled={activity.isFetching}
        />
      }
    />
  );
}
