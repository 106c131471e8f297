import { storefrontCopy } from "@shop/shared/storefront-copy";
import { Link } from "react-router";
import { buttonClasses } from "@/components/button";
import { paths } from "@/lib/paths";

/** A closing band that sends the visitor to the contact page. */
export function ContactCta({ title, text }: { title: string; text: string }) {
  return (
    <section className="mt-16 flex flex-col items-start gap-6 rounded-3xl bg-slate-950 p-8 text-white sm:p-12 lg:flex-row lg:items-center lg:justify-between">
      <div className="max-w-2xl">
        <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
        <p className="mt-2 text-slate-300">{text}</p>
      </div>
      <Link to={paths.contact} className={buttonClasses("bright", "lg", "shrink-0")}>
        {storefrontCopy.landing.ctaButton}
      </Link>
    </section>
  );
}
