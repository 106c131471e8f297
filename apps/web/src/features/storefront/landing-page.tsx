import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ChevronDownIcon, PackageIcon } from "@/components/icons";
import { ProductGrid } from "@/components/product-grid";
import { StorePage } from "@/components/store-page";
import { pageLists, useProducts } from "@/features/products/api/get-products";
import { paths } from "@/lib/paths";
import { ContactCta } from "./contact-cta";
import type { LandingContent } from "./content/landing";

const copy = storefrontCopy.landing;

function CategoryProducts({ content }: { content: LandingContent }) {
  const { data, isPending, isError, refetch } = useProducts(pageLists.landing(content.categorySlug));
  if (isError) {
    return <ErrorState title={uiCopy.storefront.errors.products} onRetry={() => void refetch()} />;
  }
  if (data?.products.length === 0) {
    return <EmptyState icon={<PackageIcon className="size-6" />} title={storefrontCopy.shop.empty} />;
  }
  return <ProductGrid products={data?.products} isLoading={isPending} skeletons={4} row />;
}

/** A category's landing page: what it is good for, its products, how to get started, and answers. */
export function LandingPage({ content }: { content: LandingContent }) {
  return (
    <StorePage
      title={content.title}
      eyebrow={content.eyebrow}
      intro={content.intro}
      documentTitle={content.documentTitle}
    >
      <section aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {copy.benefitsTitle}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {content.benefits.map((benefit) => (
            <li key={benefit.title} className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <h3 className="font-semibold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="products-title" className="mt-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="products-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {copy.productsTitle(content.category)}
          </h2>
          <Link
            to={paths.shopCategory(content.categorySlug)}
            className="text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            {storefrontCopy.home.viewAll}
          </Link>
        </div>
        <div className="mt-8">
          <CategoryProducts content={content} />
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mt-16">
        <h2 id="steps-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {content.stepsTitle}
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {content.steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="faq-title" className="mt-16 max-w-3xl">
        <h2 id="faq-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {copy.faqTitle}
        </h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {content.faqs.map((faq) => (
            <details key={faq.question} className="group px-6 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {faq.question}
                <ChevronDownIcon className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
              </summary>
              <p className="mt-3 leading-relaxed text-slate-600">{faq.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <ContactCta title={copy.ctaTitle} text={copy.ctaText} />
    </StorePage>
  );
}
