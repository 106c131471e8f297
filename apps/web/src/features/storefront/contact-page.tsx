import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { MailIcon, PhoneIcon } from "@/components/icons";
import { StorePage } from "@/components/store-page";
import { telHref } from "@/lib/site";
import { ContactForm } from "./contact-form";
import { ContactValue, useShopContact } from "./shop-contact";

const page = uiCopy.storePages.contact;
const text = storefrontCopy.contactForm;

const cardClass =
  "flex items-start gap-4 rounded-2xl bg-slate-50 p-6 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600";

export function ContactPage() {
  const contact = useShopContact();
  return (
    <StorePage title={page.title} intro={page.intro}>
      <div className="grid gap-10 lg:grid-cols-3">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
          <ContactForm />
        </div>
        {/* While Settings loads the cards keep their place, without a link or a placeholder address. */}
        <aside className="space-y-4" aria-busy={contact === undefined}>
          <a href={contact && `mailto:${contact.email}`} className={cardClass}>
            <MailIcon className="mt-0.5 size-6 text-brand-700" />
            <span>
              <span className="block font-semibold text-slate-900">{text.emailUs}</span>
              <span className="text-sm text-slate-700">
                <ContactValue value={contact?.email} />
              </span>
            </span>
          </a>
          {/* As in the footer: a phone left empty in Settings is not shown. */}
          {contact?.phone === "" ? null : (
            <a href={contact && telHref(contact.phone)} className={`${cardClass} whitespace-nowrap`}>
              {/* The number never breaks across lines; only the opening hours may wrap. */}
              <PhoneIcon className="mt-0.5 size-6 text-brand-700" />
              <span>
                <span className="block font-semibold text-slate-900">{text.callUs}</span>
                <span className="text-sm text-slate-700">
                  <ContactValue value={contact?.phone} />
                </span>
                <span className="block text-sm whitespace-normal text-slate-600">{text.hours}</span>
              </span>
            </a>
          )}
        </aside>
      </div>
    </StorePage>
  );
}
