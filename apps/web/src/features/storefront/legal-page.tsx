import { storefrontCopy } from "@shop/shared/storefront-copy";
import { Link } from "react-router";
import { StorePage } from "@/components/store-page";
import { paths } from "@/lib/paths";
import type { ContactSlot, LegalDocument, LegalParagraph } from "./content/legal";
import { ContactValue, type ShopContact, useShopContact } from "./shop-contact";

type LegalPageProps = { title: string; document: LegalDocument };

/** The email, or the phone with its joining words (nothing when Settings has no phone). */
function ContactSlotText({ slot, contact }: { slot: ContactSlot; contact: ShopContact | undefined }) {
  if (slot.contact === "email") return <ContactValue value={contact?.email} />;
  if (contact?.phone === "") return null;
  return (
    <>
      {slot.before}
      <ContactValue value={contact?.phone} />
    </>
  );
}

const textOf = (paragraph: LegalParagraph) =>
  typeof paragraph === "string" ? paragraph : paragraph.map((part) => (typeof part === "string" ? part : "")).join("");

/** Terms and privacy: a readable column of numbered sections under the date they were last changed. */
export function LegalPage({ title, document }: LegalPageProps) {
  const contact = useShopContact();
  return (
    <StorePage title={title} eyebrow={storefrontCopy.legal.lastUpdated(document.updated)}>
      <article className="max-w-3xl text-slate-700">
        <p className="text-lg leading-relaxed">{document.summary}</p>
        {document.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={textOf(paragraph)} className="mt-3 leading-relaxed">
                {typeof paragraph === "string"
                  ? paragraph
                  : paragraph.map((part) =>
                      typeof part === "string" ? (
                        part
                      ) : (
                        <ContactSlotText key={part.contact} slot={part} contact={contact} />
                      ),
                    )}
              </p>
            ))}
            {section.list ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed marker:text-brand-600">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        <p className="mt-12 rounded-2xl bg-brand-50 p-6 text-slate-800">
          {storefrontCopy.legal.questions}{" "}
          <Link to={paths.contact} className="font-semibold text-brand-800 underline underline-offset-2">
            {storefrontCopy.legal.contactUs}
          </Link>
        </p>
      </article>
    </StorePage>
  );
}
