import { usePublicSettings } from "@/features/settings/api/get-public-settings";
import { site } from "@/lib/site";

/** The shop's contact lines; an empty phone means Settings has none to show. */
export type ShopContact = { email: string; phone: string };

/**
 * The contact lines staff keep in Settings, read from the query the footer uses (the server renders with
 * it prefetched: routes.ts). site.ts's placeholders stand in only when Settings cannot be read; while it
 * loads this is undefined, so a page never shows a placeholder that then changes.
 */
export function useShopContact(): ShopContact | undefined {
  const settings = usePublicSettings();
  if (settings.data) return { email: settings.data.contactEmail, phone: settings.data.contactPhone };
  return settings.isError ? { email: site.email, phone: site.phone } : undefined;
}

/**
 * One contact line inside running text, or while Settings loads a bar that takes a line's place without
 * changing its height (inline, shorter than the line), so nothing moves when the text arrives.
 */
export function ContactValue({ value }: { value: string | undefined }) {
  if (value !== undefined) return value;
  return (
    <span aria-hidden="true" className="inline-block h-[1em] w-44 animate-pulse rounded bg-slate-200/80 align-middle" />
  );
}
