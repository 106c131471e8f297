import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useAppSelector } from "@/app/store/hooks";
import { Button } from "@/components/button";
import { fromOf, paths } from "@/lib/paths";
import { rememberSetupRequired } from "./two-factor/setup-gate";
import { useTwoFactorStatus } from "./two-factor/two-factor-api";
import { TwoFactorSection } from "./two-factor/two-factor-section";

const ui = twoFactorCopy.ui;

/**
 * /two-factor-setup: where a user whose role requires two-factor lands right after their password,
 * before any admin page; Continue appears once they have a factor.
 */
export function TwoFactorSetupPage() {
  const token = useAppSelector((state) => state.auth.token);
  const location = useLocation();
  const navigate = useNavigate();
  const status = useTwoFactorStatus();
  const destination = fromOf(location.state) ?? paths.admin.dashboard;
  const hasFactor = Boolean(status.data && (status.data.totp || status.data.passkeys.length > 0));

  if (!token) return <Navigate to={paths.login} replace />;

  return (
    <div className="flex min-h-[70vh] items-center justify-center bg-gradient-to-b from-brand-50/60 to-white px-4 py-16">
      <title>{`${ui.setupTitle} · ${uiCopy.brand}`}</title>
      <div className="w-full max-w-xl space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{ui.setupTitle}</h1>
          <p className="mt-2 text-sm text-slate-600">{ui.requiredNotice}</p>
        </div>
        <TwoFactorSection />
        {hasFactor ? (
          <Button
            size="lg"
            className="w-full"
            onClick={() => {
              rememberSetupRequired(false);
              void navigate(destination, { replace: true });
            }}
          >
            {ui.continue}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
