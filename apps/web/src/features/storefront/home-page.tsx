import { uiCopy } from "@shop/shared/ui-copy";
import { lazy } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/button";
import { Deferred } from "@/components/deferred";
import { ArrowRightIcon } from "@/components/icons";
import { LatestPosts } from "@/features/blog/latest-posts";
import { paths } from "@/lib/paths";
import { useHeroBanners } from "./api/get-hero-banners";
import { HeroCarousel, heroFrameClass } from "./hero-carousel";

/** Everything under the tagline is below the fold on every screen: its code loads as the visitor scrolls. */
const HomeBelowFold = lazy(() => import("./home-below-fold").then((m) => ({ default: m.HomeBelowFold })));

const home = uiCopy.home;

function Hero() {
  const { data: banners, isPending } = useHeroBanners();
  if (banners && banners.length > 0) return <HeroCarousel banners={banners} />;
  // Loading, failed or empty: the same frame, so the page below never moves.
  return (
    <div className={`${heroFrameClass} bg-gradient-to-br from-brand-900 via-slate-900 to-slate-950`}>
      {isPending ? <span className="sr-only">{uiCopy.loading}</span> : null}
    </div>
  );
}

export function HomePage() {
  return (
    <>
      <title>{uiCopy.storefront.homeTitle}</title>
      <Hero />

      <section className="border-b border-slate-100 bg-gradient-to-b from-brand-50/70 to-white">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 lg:px-8 lg:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{home.eyebrow}</p>
          <h1 className="mx-auto mt-4 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {uiCopy.tagline}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{uiCopy.taglineSub}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={paths.shop} className={buttonClasses("primary", "lg")}>
              {home.primaryCta}
              <ArrowRightIcon className="size-5" />
            </Link>
            <Link to={paths.smartLocks} className={buttonClasses("outline", "lg")}>
              {home.secondaryCta}
            </Link>
          </div>
          <p className="mt-6 text-sm text-slate-600">{home.worksWith}</p>
        </div>
      </section>

      <Deferred minHeight="120rem">
        <HomeBelowFold />
      </Deferred>

      {/* Outside the deferred part, so the server renders it: links to the latest posts without JavaScript. */}
      <LatestPosts />
    </>
  );
}
