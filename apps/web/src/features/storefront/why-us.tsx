import { storefrontCopy } from "@shop/shared/storefront-copy";
import { MessageIcon, MicIcon, ShieldCheckIcon, WrenchIcon } from "@/components/icons";

const icons = [WrenchIcon, MicIcon, ShieldCheckIcon, MessageIcon];

/** The shop's promises, one card each. */
export function WhyUs() {
  return (
    <section aria-labelledby="why-us-title" className="border-t border-slate-100 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <h2 id="why-us-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {storefrontCopy.home.whyUsTitle}
        </h2>
        <p className="mt-3 text-slate-600">{storefrontCopy.home.whyUsText}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {storefrontCopy.home.perks.map((perk, index) => {
            const Icon = icons[index] ?? ShieldCheckIcon;
            return (
              <li key={perk.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{perk.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{perk.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
