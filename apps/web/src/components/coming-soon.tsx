import { uiCopy } from "@shop/shared/ui-copy";
import type { ReactNode } from "react";
import { PageHeader } from "./page-header";

type ComingSoonProps = {
  title: string;
  description?: string;
  icon?: ReactNode;
};

/** The frame of an admin page whose content a later release fills in. */
export function ComingSoon({ title, description, icon }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <section className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        {icon ? <div className="mb-4 rounded-full bg-brand-50 p-3 text-brand-700">{icon}</div> : null}
        <h2 className="text-lg font-semibold text-slate-900">{uiCopy.pages.comingSoon}</h2>
        <p className="mt-2 max-w-md text-sm text-slate-600">{uiCopy.pages.comingSoonText}</p>
      </section>
    </>
  );
}
