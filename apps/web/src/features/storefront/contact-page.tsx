import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { MailIcon, PhoneIcon } from "@/components/icons";
import { StorePage } from "@/components/store-page";
import { site } from "@/lib/site";
import { ContactForm } from "./contact-form";

const page = uiCopy.storePages.contact;
const text = storefrontCopy.contactForm;

export function ContactPage() {
  return (
    <StorePage title={page.title} intro={page.intro}>
      <div className="grid gap-10 lg:grid-cols-3">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
          <ContactForm />
        </div>
        <aside className="space-y-4">
          <a
            href={`mailto:${site.email}`}
            className="flex items-start gap-4 rounded-2xl bg-slate-50 p-6 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <MailIcon className="mt-0.5 size-6 text-brand-700" />
            <span>
              <span className="block font-semibold text-slate-900">{text.emailUs}</span>
              <span className="text-sm text-slate-700">{site.email}</span>
            </span>
          </a>
          <a
            href={`tel:${site.phone.replace(/[^+\d]/g, "")}`}
            className="flex items-start gap-4 rounded-2xl bg-slate-50 p-6 whitespace-nowrap hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {/* The number never breaks across lines; only the opening hours may wrap. */}
            <PhoneIcon className="mt-0.5 size-6 text-brand-700" />
            <span>
              <span className="block font-semibold text-slate-900">{text.callUs}</span>
              <span className="text-sm text-slate-700">{site.phone}</span>
              <span className="block text-sm whitespace-normal text-slate-600">{text.hours}</span>
            </span>
          </a>
        </aside>
      </div>
    </StorePage>
  );
}
