import { adminCopy } from "@shop/shared/admin-copy";
import type { UserDto } from "@shop/shared/schemas/users";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { Button } from "@/components/button";
import type { DataTableColumn } from "@/components/data-table";
import { actionsColumn } from "@/components/data-table";
import { StatusBadge } from "@/components/status-badge";
import { formatDate } from "@/lib/format";
import { ResetTwoFactor } from "./reset-two-factor";
import { editBlock, resetTwoFactorBlock, statusChangeBlock, type Viewer } from "./user-rules";

const t = adminCopy.userAdmin;

type UserColumnsOptions = {
  viewer: Viewer;
  /** The page shown, for the "last active super admin" rule. */
  listed: readonly UserDto[];
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (user: UserDto) => void;
  onChangeStatus: (user: UserDto) => void;
};

/** A disabled button says why, to pointers (title) and screen readers (its description). */
function ReasonedButton({
  label,
  accessibleName,
  reason,
  onClick,
  variant,
}: {
  label: string;
  accessibleName: string;
  reason: string | null;
  onClick: () => void;
  variant: "outline" | "danger" | "secondary";
}) {
  return (
    <span title={reason ?? undefined} className="inline-flex">
      <Button
        size="sm"
        variant={variant}
        aria-label={reason ? `${accessibleName}: ${reason}` : accessibleName}
        disabled={reason !== null}
        onClick={onClick}
      >
        {label}
      </Button>
    </span>
  );
}

export function userColumns({
  viewer,
  listed,
  canEdit,
  canChangeStatus,
  onEdit,
  onChangeStatus,
}: UserColumnsOptions): DataTableColumn<UserDto>[] {
  const columns: DataTableColumn<UserDto>[] = [
    {
      id: "name",
      header: t.columns.name,
      sortKey: "name",
      cell: (user) => (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{user.name}</span>
          {user._id === viewer.id ? <StatusBadge tone="neutral">{t.you}</StatusBadge> : null}
          {user.isSuperAdmin ? <StatusBadge tone="brand">{t.superAdmin}</StatusBadge> : null}
        </div>
      ),
    },
    { id: "email", header: t.columns.email, sortKey: "email", cell: (user) => user.email },
    { id: "phone", header: t.columns.phone, cell: (user) => user.phone, className: "whitespace-nowrap" },
    {
      id: "role",
      header: t.columns.role,
      cell: (user) => user.role?.name ?? <span className="text-slate-400">{t.noRole}</span>,
    },
    {
      id: "active",
      header: t.columns.active,
      cell: (user) =>
        user.isActive ? (
          <StatusBadge tone="success">{t.active}</StatusBadge>
        ) : (
          <StatusBadge tone="neutral">{t.inactive}</StatusBadge>
        ),
    },
    {
      id: "created",
      header: t.columns.created,
      sortKey: "createdAt",
      firstSortOrder: "desc",
      className: "whitespace-nowrap",
      cell: (user) => formatDate(user.createdAt),
    },
  ];
  if (!canEdit && !canChangeStatus) return columns;

  columns.push({
    ...actionsColumn,
    cell: (user) => (
      <div className="flex justify-end gap-2">
        {canEdit ? (
          <ReasonedButton
            label={t.edit}
            accessibleName={t.editUser(user.name)}
            reason={editBlock(viewer, user)}
            variant="outline"
            onClick={() => onEdit(user)}
          />
        ) : null}
        {canEdit ? (
          <ResetTwoFactor user={user}>
            {(open) => (
              <ReasonedButton
                label={twoFactorCopy.ui.resetTwoFactor}
                accessibleName={`${twoFactorCopy.ui.resetTwoFactor}: ${user.name}`}
                reason={resetTwoFactorBlock(viewer, user)}
                variant="outline"
                onClick={open}
              />
            )}
          </ResetTwoFactor>
        ) : null}
        {canChangeStatus ? (
          <ReasonedButton
            label={user.isActive ? t.deactivate : t.activate}
            accessibleName={`${user.isActive ? t.deactivate : t.activate} ${user.name}`}
            reason={statusChangeBlock(viewer, user, listed)}
            variant={user.isActive ? "danger" : "secondary"}
            onClick={() => onChangeStatus(user)}
          />
        ) : null}
      </div>
    ),
  });
  return columns;
}
