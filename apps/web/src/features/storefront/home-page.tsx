import { uiCopy } from "@shop/shared/ui-copy";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/button";
import {
  ArrowRightIcon,
  type IconProps,
  LockIcon,
  MicIcon,
  SensorIcon,
  ShieldCheckIcon,
  SwitchIcon,
  WrenchIcon,
} from "@/components/icons";
import { paths } from "@/lib/paths";

const home = uiCopy.home;

/** The three catalogue categories of the spec's sample data; static until the catalogue is live. */
const categories: { name: string; text: string; to: string; Icon: ComponentType<IconProps>; tint: string }[] = [
  { ...home.categories.switches, to: paths.smartSwitches, Icon: SwitchIcon, tint: "from-brand-500 to-brand-700" },
  { ...home.categories.locks, to: paths.smartLocks, Icon: LockIcon, tint: "from-indigo-500 to-indigo-700" },
  { ...home.categories.sensors, to: paths.shop, Icon: SensorIcon, tint: "from-sky-500 to-sky-700" },
];

const perkIcons = [WrenchIcon, MicIcon, ShieldCheckIcon];

function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden aspect-square w-full max-w-md md:block">
      <div className="absolute inset-6 rounded-[2.5rem] bg-gradient-to-br from-brand-400/30 to-indigo-500/20 blur-2xl" />
      <div className="relative grid h-full grid-cols-2 gap-4 p-6">
        <div className="flex flex-col justify-between rounded-3xl bg-white/10 p-5 ring-1 ring-white/20 backdrop-blur">
          <SwitchIcon className="size-10 text-brand-200" />
          <div className="h-2 w-16 rounded-full bg-brand-300/70" />
        </div>
        <div className="mt-10 flex flex-col justify-between rounded-3xl bg-white/10 p-5 ring-1 ring-white/20 backdrop-blur">
          <LockIcon className="size-10 text-indigo-200" />
          <div className="h-2 w-12 rounded-full bg-indigo-300/70" />
        </div>
        <div className="-mt-6 flex flex-col justify-between rounded-3xl bg-white/10 p-5 ring-1 ring-white/20 backdrop-blur">
          <SensorIcon className="size-10 text-sky-200" />
          <div className="h-2 w-20 rounded-full bg-sky-300/70" />
        </div>
        <div className="flex items-center justify-center rounded-3xl bg-brand-500/80 p-5 shadow-xl ring-1 ring-white/20">
          <ShieldCheckIcon className="size-12 text-white" />
        </div>
      </div>
    </div>
  );
}

export function HomePage() {
  return (
    <>
      <title>{`${uiCopy.brand} — ${uiCopy.tagline}`}</title>
      <section className="relative overflow-hidden bg-slate-950">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-700),transparent_60%)] opacity-70"
        />
        <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-28">
          <div>
            <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-200 ring-1 ring-white/15">
              {home.eyebrow}
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-white sm:text-5xl lg:text-6xl">
              {uiCopy.tagline}
            </h1>
            <p className="mt-6 max-w-xl text-lg text-slate-300">{uiCopy.taglineSub}</p>
            <div className="mt-10 flex flex-wrap gap-4">
              <Link to={paths.shop} className={buttonClasses("bright", "lg")}>
                {home.primaryCta}
                <ArrowRightIcon className="size-5" />
              </Link>
              <Link to={paths.smartLocks} className={buttonClasses("inverse", "lg")}>
                {home.secondaryCta}
              </Link>
            </div>
            <p className="mt-8 text-sm text-slate-400">{home.worksWith}</p>
          </div>
          <HeroArt />
        </div>
      </section>

      <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="categories-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {home.categoriesTitle}
        </h2>
        <p className="mt-3 text-slate-600">{home.categoriesText}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {categories.map(({ name, text, to, Icon, tint }) => (
            <li key={name}>
              <Link
                to={to}
                className="group flex h-full flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-1 hover:shadow-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span
                  className={`flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br ${tint} text-white shadow-md`}
                >
                  <Icon className="size-7" />
                </span>
                <span className="mt-6 text-xl font-semibold text-slate-900">{name}</span>
                <span className="mt-2 flex-1 text-sm text-slate-600">{text}</span>
                <span className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                  {uiCopy.nav.shopNow}
                  <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-1" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="border-t border-slate-100 bg-slate-50">
        <ul className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-3 lg:px-8">
          {home.perks.map((perk, index) => {
            const Icon = perkIcons[index] ?? ShieldCheckIcon;
            return (
              <li key={perk.title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                  <Icon className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{perk.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{perk.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
