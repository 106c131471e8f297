import { copy } from "@shop/shared/copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { Link, useLocation } from "react-router";
import { InfoIcon } from "@/components/icons";
import { type FromState, fromOf, paths } from "@/lib/paths";
import { useHydrated } from "@/lib/use-hydrated";

/**
 * The guard sends a signed-out visitor of an admin page home, remembering the page;
 * this says why and carries the page on to the sign-in form.
 */
export function SignInNotice() {
  const location = useLocation();
  // Router state outlives a reload (history.state) but never reaches the server: while hydrating, render
  // the server's nothing, then the notice. A page the browser renders itself shows it at once.
  const from = useHydrated() ? fromOf(location.state) : undefined;
  if (!from) return null;
  return (
    <div role="status" className="border-b border-brand-100 bg-brand-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 text-sm text-brand-900 sm:px-6 lg:px-8">
        <InfoIcon className="size-5 shrink-0 text-brand-700" />
        <span>{copy.auth.unauthorized}</span>
        <Link
          to={paths.login}
          state={{ from } satisfies FromState}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {uiCopy.home.signInNoticeAction}
        </Link>
      </div>
    </div>
  );
}
