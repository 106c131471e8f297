import { uiCopy } from "@shop/shared/ui-copy";
import { StorePage } from "@/components/store-page";
import { ContactCta } from "./contact-cta";
import { about } from "./content/about";

const page = uiCopy.storePages.about;

export function AboutPage() {
  return (
    <StorePage title={page.title} intro={page.intro}>
      <div className="grid gap-12 lg:grid-cols-2">
        <section aria-labelledby="story-title">
          <h2 id="story-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {about.storyTitle}
          </h2>
          {about.story.map((paragraph) => (
            <p key={paragraph} className="mt-4 leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
        <dl className="grid grid-cols-2 gap-4 self-start">
          {about.figures.map((figure) => (
            <div key={figure.label} className="flex flex-col rounded-2xl bg-brand-50 p-6">
              <dt className="text-sm text-slate-700">{figure.label}</dt>
              <dd className="order-first text-3xl font-bold tracking-tight text-brand-800">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <section aria-labelledby="values-title" className="mt-16">
        <h2 id="values-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {about.valuesTitle}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {about.values.map((value) => (
            <li key={value.title} className="rounded-2xl border border-slate-200 p-6">
              <h3 className="font-semibold text-slate-900">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <ContactCta title={about.ctaTitle} text={about.ctaText} />
    </StorePage>
  );
}
