import { adminCopy } from "@shop/shared/admin-copy";
import type { ReactNode } from "react";
import { useAppSelector } from "@/app/store/hooks";
import { FormAlert } from "@/components/form-alert";
import { PageHeader } from "@/components/page-header";
import { Spinner } from "@/components/spinner";
import { OwnActivity } from "@/features/activity-logs/own-activity";
import { adminAccess, useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { ActiveSessions } from "./profile/active-sessions";
import { EnquiryEmailsToggle } from "./profile/enquiry-emails-toggle";
import { useProfile } from "./profile/get-profile";
import { PasswordForm } from "./profile/password-form";
import { ProfileDetailsForm } from "./profile/profile-details-form";
import { TwoFactorSection } from "./two-factor/two-factor-section";
import { useUserHeadline } from "./user-menu";

function Card({
  title,
  description,
  children,
  className = "",
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`.trim()}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** /admin/profile: who you are, your own details and password, and what you did recently. */
export function ProfilePage() {
  const { name, role, email } = useUserHeadline();
  const isSuperAdmin = useAppSelector((state) => state.user.userInfo?.isSuperAdmin ?? false);
  const assignedRole = useAppSelector((state) => state.user.role);
  const permissions = assignedRole?.permissions ?? [];
  const profile = useProfile();
  const can = useCan();

  return (
    <>
      <PageHeader title={adminCopy.admin.profileTitle} description={adminCopy.admin.profileText} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6">
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <span
                aria-hidden="true"
                className="flex size-14 items-center justify-center rounded-full bg-brand-700 text-xl font-semibold text-white"
              >
                {name.charAt(0).toUpperCase()}
              </span>
              {/* Wrapped, not cut: this is where staff read their own name (100 characters) and address (254). */}
              <div className="min-w-0">
                <h2 className="text-lg font-semibold break-words text-slate-900">{name}</h2>
                <p className="text-sm break-all text-slate-500">{email}</p>
              </div>
            </div>
            <dl className="mt-6 text-sm">
              <dt className="font-medium text-slate-500">{adminCopy.admin.role}</dt>
              <dd className="mt-1 text-slate-900">{role}</dd>
            </dl>
          </section>
          <Card title={adminCopy.admin.permissions}>
            {isSuperAdmin ? (
              <p className="text-sm text-slate-600">{adminCopy.admin.allPermissions}</p>
            ) : permissions.length === 0 ? (
              <p className="text-sm text-slate-600">{adminCopy.admin.noPermissions}</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
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
          </Card>
        </div>
        <div className="grid gap-6 lg:col-span-2 xl:grid-cols-2">
          <Card title={adminCopy.profile.detailsTitle}>
            {profile.data ? (
              <ProfileDetailsForm key={profile.data.updatedAt} user={profile.data} />
            ) : profile.isError ? (
              <FormAlert message={messageOf(profile.error)} />
            ) : (
              <div className="flex justify-center py-8">
                <Spinner />
              </div>
            )}
          </Card>
          <Card title={adminCopy.profile.passwordTitle} description={adminCopy.profile.passwordText}>
            <PasswordForm />
          </Card>
          {can(adminAccess.contactView) && profile.data ? (
            <Card title={adminCopy.profile.notificationsTitle}>
              <EnquiryEmailsToggle key={profile.data.updatedAt} user={profile.data} />
            </Card>
          ) : null}
        </div>
      </div>
      <ActiveSessions />
      <div className="mt-6">
        <TwoFactorSection />
      </div>
      <section className="mt-8">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">{adminCopy.profile.activityTitle}</h2>
        <OwnActivity />
      </section>
    </>
  );
}
