import { storefrontCopy } from "@shop/shared/storefront-copy";
import { CategoryTiles } from "./category-tiles";
import { ProductShelf } from "./product-shelf";
import { WhyUs } from "./why-us";

const home = storefrontCopy.home;

/** The home page under the tagline: categories, new and favourite products, why us (the newsletter is in the footer). */
export function HomeBelowFold() {
  return (
    <>
      <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <h2 id="categories-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {home.categoriesTitle}
        </h2>
        <p className="mt-3 text-slate-600">{home.categoriesText}</p>
        <div className="mt-10">
          <CategoryTiles />
        </div>
      </section>

      <ProductShelf id="new" title={home.newTitle} text={home.newText} params={{ isNew: true, limit: 4 }} />
      <ProductShelf
        id="featured"
        title={home.featuredTitle}
        text={home.featuredText}
        params={{ sortBy: "rating", sortOrder: "desc", limit: 4 }}
      />

      <WhyUs />
    </>
  );
}
