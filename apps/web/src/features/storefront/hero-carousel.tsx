import { heroBannerSizes } from "@shop/shared/images";
import { linkKind } from "@shop/shared/links";
import { uiCopy } from "@shop/shared/ui-copy";
import { type FocusEvent, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/button";
import { ArrowRightIcon, ChevronLeftIcon } from "@/components/icons";
import { ResponsiveImage } from "@/components/responsive-image";
import { useMediaQuery } from "@/lib/use-media-query";
import type { HeroBanner } from "./api/get-hero-banners";

/** How long a slide stays before the next one, while rotating. */
export const slideIntervalMs = 6000;

const copy = uiCopy.storefront.carousel;

/**
 * The hero's frame while banners load, or when there are none: a fixed aspect ratio, so nothing below
 * moves. From 1024 px the carousel has the same frame; narrower, its slides are stacked (picture, then
 * words) and about as tall as this one.
 */
export const heroFrameClass =
  "relative aspect-[3/4] w-full overflow-hidden bg-slate-900 sm:aspect-square lg:aspect-[12/5]";

/**
 * Below 1024 px the banner is drawn in a 16:9 box above the words, so the device (on the banner's right)
 * is whole and nothing covers it; from 1024 px it fills the 12:5 frame behind the words on its left.
 * All slides share one grid cell, so the carousel is as tall as its tallest slide and never jumps.
 */
const slidesClass = "grid bg-slate-900 lg:relative lg:aspect-[12/5] lg:overflow-hidden";
const slideClass = "flex flex-col [grid-area:1/1] lg:absolute lg:inset-0 lg:[grid-area:auto]";
const pictureClass = "relative aspect-[16/9] overflow-hidden lg:absolute lg:inset-0 lg:aspect-auto";
/** On a phone the words leave room at the bottom for the controls (44 px and margins) under them. */
const wordsClass =
  "relative mx-auto w-full max-w-7xl px-4 pt-5 pb-20 sm:px-6 sm:pt-8 lg:absolute lg:inset-0 lg:flex lg:flex-col lg:justify-center lg:px-8 lg:py-0";

function CtaLink({ banner }: { banner: HeroBanner }) {
  const className = buttonClasses("bright", "lg", "mt-6");
  const content = (
    <>
      {banner.ctaLabel}
      <ArrowRightIcon className="size-5" />
    </>
  );
  // A banner saved before links were checked this way may hold anything: it is shown without a link.
  const kind = linkKind(banner.ctaLink);
  if (kind === "internal") {
    return (
      <Link to={banner.ctaLink} className={className}>
        {content}
      </Link>
    );
  }
  return kind === "external" ? (
    <a href={banner.ctaLink} className={className} rel="noopener">
      {content}
    </a>
  ) : null;
}

const controlClass =
  "flex size-11 items-center justify-center rounded-full bg-slate-950/60 text-white ring-1 ring-white/30 backdrop-blur transition hover:bg-slate-950/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
    </svg>
  );
}

/**
 * The APG carousel: a labelled region of labelled slides with previous/next, a pause/play button first,
 * and rotation that stops while the pointer or focus is inside, and never starts by itself for reduced motion.
 */
export function HeroCarousel({ banners }: { banners: HeroBanner[] }) {
  const slidesId = useId();
  const [index, setIndex] = useState(0);
  // The server cannot know the visitor's preference: it renders a rotating carousel, and hydration does
  // too (the media query answers the server's value until then), so the markups agree.
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)", false);
  /** Play or pause as pressed; until then, the preference decides. */
  const [chosen, setChosen] = useState<boolean | null>(null);
  const playing = chosen ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = banners.length;
  const rotating = playing && !hovered && !focused && count > 1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a slide chosen by hand gets its full time too
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), slideIntervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  const show = (next: number) => setIndex((next + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={copy.label}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {count > 1 ? (
        <div className="absolute right-4 bottom-4 z-10 flex items-center gap-2 sm:right-6 lg:bottom-6">
          <button
            type="button"
            className={controlClass}
            onClick={() => setChosen(!playing)}
            aria-label={playing ? copy.pause : copy.play}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className={controlClass}
            aria-controls={slidesId}
            aria-label={copy.previous}
            onClick={() => show(index - 1)}
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <button
            type="button"
            className={controlClass}
            aria-controls={slidesId}
            aria-label={copy.next}
            onClick={() => show(index + 1)}
          >
            <ChevronLeftIcon className="size-5 rotate-180" />
          </button>
        </div>
      ) : null}
      <div id={slidesId} aria-live={rotating ? "off" : "polite"} className={slidesClass}>
        {banners.map((banner, position) => {
          const current = position === index;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern's slide is a role=group div
            <div
              key={banner._id}
              role="group"
              aria-roledescription="slide"
              aria-label={copy.slide(position + 1, count)}
              className={`${slideClass} transition-[opacity,visibility] duration-700 motion-reduce:transition-none ${
                current ? "visible opacity-100" : "invisible opacity-0"
              }`}
            >
              <div className={pictureClass}>
                <ResponsiveImage
                  src={banner.image}
                  alt=""
                  width={1600}
                  height={667}
                  sizes={heroBannerSizes}
                  priority={position === 0}
                  className="size-full object-cover object-[75%_center]"
                />
                <div className="absolute inset-0 bg-gradient-to-t from-slate-900/70 via-transparent to-transparent lg:bg-gradient-to-r lg:from-slate-950/85 lg:via-slate-950/40" />
              </div>
              <div className={wordsClass}>
                <div className="max-w-xl">
                  <p className="text-2xl font-bold tracking-tight text-white sm:text-4xl lg:text-5xl">{banner.title}</p>
                  {banner.subtitle ? (
                    <p className="mt-3 text-base text-slate-100 sm:text-lg">{banner.subtitle}</p>
                  ) : null}
                  {banner.ctaLabel && banner.ctaLink ? <CtaLink banner={banner} /> : null}
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
