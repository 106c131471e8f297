import { uiCopy } from "@shop/shared/ui-copy";
import type { ReactNode } from "react";
import { CheckCircleIcon } from "@/components/icons";

/** The sign-in page's card, for the pages around it: forgot password and reset password. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-[70vh] items-center justify-center bg-gradient-to-b from-brand-50/60 to-white px-4 py-16">
      <title>{`${title} · ${uiCopy.brand}`}</title>
      {/* The reset link carries its token in the address: no other site gets it as a referrer. */}
      <meta name="referrer" content="no-referrer" />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-xl shadow-brand-900/5">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {intro ? <p className="mt-2 text-sm text-slate-600">{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}

export const authLinkClasses = "font-medium text-brand-700 hover:text-brand-800 hover:underline";

/** What went right, announced when it appears: "we have sent a link", "your password has been changed". */
export function DoneNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mt-6 flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800"
    >
      <CheckCircleIcon className="size-5 shrink-0" />
      {children}
    </p>
  );
}
