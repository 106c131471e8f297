import { uiCopy } from "@shop/shared/ui-copy";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { type IconProps, MailIcon, PhoneIcon } from "@/components/icons";
import { Logo } from "@/components/logo";
import { FacebookIcon, InstagramIcon, LinkedinIcon, WhatsappIcon } from "@/components/social-icons";
import { usePublicSettings } from "@/features/settings/api/get-public-settings";
import { paths } from "@/lib/paths";
import { site, telHref } from "@/lib/site";
import { useHydrated } from "@/lib/use-hydrated";
import { FooterNewsletter } from "./footer-newsletter";

type FooterLink = { label: string; to: string; external?: boolean };

/** The shop's details as staff keep them in Settings (GET /settings). */
type ShopDetails = {
  contactEmail: string;
  contactPhone: string;
  marketplaceUrl: string;
  warrantyUrl: string;
  facebookUrl: string;
  instagramUrl: string;
  linkedinUrl: string;
  whatsappUrl: string;
};

const placeholderDetails: ShopDetails = {
  contactEmail: site.email,
  contactPhone: site.phone,
  marketplaceUrl: site.amazonStoreUrl,
  warrantyUrl: site.warrantyUrl,
  facebookUrl: site.social.facebook,
  instagramUrl: site.social.instagram,
  linkedinUrl: site.social.linkedin,
  whatsappUrl: site.social.whatsapp,
};

/** The settings once they arrive; site.ts's placeholders while they load or if the call fails. */
function useShopDetails(): ShopDetails {
  return usePublicSettings().data ?? placeholderDetails;
}

/** An outside link left empty in Settings is not shown. */
const present = (link: { to?: string; href?: string }) => Boolean(link.to ?? link.href);

const columnsOf = (details: ShopDetails): { title: string; links: FooterLink[] }[] => [
  {
    title: uiCopy.footer.company,
    links: [
      { label: uiCopy.footer.aboutUs, to: paths.about },
      { label: uiCopy.footer.contact, to: paths.contact },
      { label: uiCopy.footer.blog, to: paths.blog },
    ],
  },
  {
    title: uiCopy.footer.legal,
    links: [
      { label: uiCopy.footer.terms, to: paths.terms },
      { label: uiCopy.footer.privacy, to: paths.privacy },
    ],
  },
  {
    title: uiCopy.footer.importantLinks,
    links: [
      { label: uiCopy.footer.shop, to: paths.shop },
      { label: uiCopy.footer.smartLocks, to: paths.smartLocks },
      { label: uiCopy.footer.smartSwitches, to: paths.smartSwitches },
      { label: uiCopy.footer.amazonStore, to: details.marketplaceUrl, external: true },
      { label: uiCopy.footer.warrantyRegistration, to: details.warrantyUrl, external: true },
    ].filter(present),
  },
];

const socialsOf = (details: ShopDetails): { label: string; href: string; Icon: ComponentType<IconProps> }[] =>
  [
    { label: uiCopy.social.facebook, href: details.facebookUrl, Icon: FacebookIcon },
    { label: uiCopy.social.instagram, href: details.instagramUrl, Icon: InstagramIcon },
    { label: uiCopy.social.linkedin, href: details.linkedinUrl, Icon: LinkedinIcon },
    { label: uiCopy.social.whatsapp, href: details.whatsappUrl, Icon: WhatsappIcon },
  ].filter(present);

const linkClass =
  "text-sm text-slate-400 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400";

function FooterLinkItem({ link }: { link: FooterLink }) {
  if (!link.external) {
    return (
      <Link to={link.to} className={linkClass}>
        {link.label}
      </Link>
    );
  }
  return (
    <a href={link.to} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {link.label}
      <span className="sr-only"> {uiCopy.footer.opensInNewTab}</span>
    </a>
  );
}

/**
 * Rendered pages are cached until staff change something, so the server's year may be last year's.
 * Hydration keeps the server's text; once hydrated, a new paragraph shows the browser's year. Its own
 * component, so only it renders again then: the sign-up field a visitor typed into early keeps its text.
 */
function Copyright() {
  const hydrated = useHydrated();
  return (
    <p
      key={hydrated ? "browser" : "server"}
      suppressHydrationWarning
      className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8"
    >
      {uiCopy.footer.copyright(new Date().getFullYear())}
    </p>
  );
}

export function Footer() {
  const details = useShopDetails();
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-12 lg:px-8">
        <div className="lg:col-span-3">
          <Logo tone="light" />
          <p className="mt-4 max-w-sm text-sm text-slate-400">
            {uiCopy.tagline} {uiCopy.taglineSub}
          </p>
          <address className="mt-6 space-y-2 text-sm not-italic">
            <a href={`mailto:${details.contactEmail}`} className={`flex items-center gap-2 ${linkClass}`}>
              <MailIcon className="size-4" />
              {details.contactEmail}
            </a>
            {details.contactPhone ? (
              <a
                href={telHref(details.contactPhone)}
                className={`flex items-center gap-2 whitespace-nowrap ${linkClass}`}
              >
                <PhoneIcon className="size-4" />
                {details.contactPhone}
              </a>
            ) : null}
          </address>
          {/* A list's name is rarely announced: a heading (for screen readers) names the links instead. */}
          <h2 className="sr-only">{uiCopy.footer.followUs}</h2>
          <ul className="mt-6 flex gap-2">
            {socialsOf(details).map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} ${uiCopy.footer.opensInNewTab}`}
                  className="flex size-10 items-center justify-center rounded-full bg-white/5 text-slate-300 transition-colors hover:bg-brand-600 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid gap-8 sm:grid-cols-3 lg:col-span-5">
          {columnsOf(details).map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="text-sm font-semibold tracking-wide text-white">{column.title}</h2>
              <ul className="mt-4 space-y-3">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <FooterLinkItem link={link} />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="lg:col-span-4">
          <FooterNewsletter />
        </div>
      </div>
      <div className="border-t border-white/10">
        <Copyright />
      </div>
    </footer>
  );
}
