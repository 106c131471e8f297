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

function Hero() {
  const { data: banners, isPending } = useHeroBanners();
  if (banners && banners.length > 0) {
    return (
      <>
        {/* The banners carry the words on screen (the first is usually the tagline): the headline is for outlines. */}
        <h1 className="sr-only">{uiCopy.tagline}</h1>
        <HeroCarousel banners={banners} />
      </>
    );
  }
  // Loading, failed or empty: the same frame, so the page below never moves; without banners it says it all.
  return (
    <div className={`${heroFrameClass} bg-gradient-to-br from-brand-900 via-slate-900 to-slate-950`}>
      {isPending ? (
        <>
          <h1 className="sr-only">{uiCopy.tagline}</h1>
          <span className="sr-only">{uiCopy.loading}</span>
        </>
      ) : (
        <div className="absolute inset-0 mx-auto flex max-w-7xl flex-col justify-center px-4 sm:px-6 lg:px-8">
          <h1 className="max-w-xl text-2xl font-bold tracking-tight text-white sm:text-4xl lg:text-5xl">
            {uiCopy.tagline}
          </h1>
          <p className="mt-3 max-w-xl text-base text-slate-100 sm:text-lg">{uiCopy.taglineSub}</p>
          <Link to={paths.shop} className={buttonClasses("bright", "lg", "mt-6 self-start")}>
            {uiCopy.home.primaryCta}
            <ArrowRightIcon className="size-5" />
          </Link>
        </div>
      )}
    </div>
  );
}

export function HomePage() {
  return (
    <>
      <title>{uiCopy.storefront.homeTitle}</title>
      <Hero />

      <Deferred minHeight="100rem">
        <HomeBelowFold />
      </Deferred>

      {/* Outside the deferred part, so the server renders it: links to the latest posts without JavaScript. */}
      <LatestPosts />
    </>
  );
}
