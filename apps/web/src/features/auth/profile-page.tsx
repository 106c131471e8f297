import { uiCopy } from "@shop/shared/ui-copy";
import { useAppSelector } from "@/app/store/hooks";
import { PageHeader } from "@/components/page-header";
import { useUserHeadline } from "./user-menu";

export function ProfilePage() {
  const { name, role, email } = useUserHeadline();
  const isSuperAdmin = useAppSelector((state) => state.user.userInfo?.isSuperAdmin ?? false);
  const assignedRole = useAppSelector((state) => state.user.role);
  const permissions = assignedRole?.permissions ?? [];

  return (
    <>
      <PageHeader title={uiCopy.admin.profileTitle} description={uiCopy.admin.profileText} />
      <div className="grid gap-6 lg:grid-cols-3">
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex items-center gap-4">
            <span
              aria-hidden="true"
              className="flex size-14 items-center justify-center rounded-full bg-brand-700 text-xl font-semibold text-white"
            >
              {name.charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0">
              <h2 className="truncate text-lg font-semibold text-slate-900">{name}</h2>
              <p className="truncate text-sm text-slate-500">{email}</p>
            </div>
          </div>
          <dl className="mt-6 text-sm">
            <dt className="font-medium text-slate-500">{uiCopy.admin.role}</dt>
            <dd className="mt-1 text-slate-900">{role}</dd>
          </dl>
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2">
          <h2 className="text-base font-semibold text-slate-900">{uiCopy.admin.permissions}</h2>
          {isSuperAdmin ? (
            <p className="mt-3 text-sm text-slate-600">{uiCopy.admin.allPermissions}</p>
          ) : permissions.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{uiCopy.admin.noPermissions}</p>
          ) : (
            <ul className="mt-4 flex flex-wrap gap-2">
              {permissions.map((permission) => (
                <li
                  key={permission.name}
                  className="rounded-full bg-brand-50 px-3 py-1 font-mono text-xs text-brand-800"
                >
                  {permission.name}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
