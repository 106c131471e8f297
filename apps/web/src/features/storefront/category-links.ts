import { paths } from "@/lib/paths";

/** The categories that have their own landing page (by slug, as seeded); others open the filtered shop. */
export const landingCategorySlugs = { smartLocks: "smart-locks", smartSwitches: "smart-touch-switches" } as const;

const landingPaths: Record<string, string> = {
  [landingCategorySlugs.smartLocks]: paths.smartLocks,
  [landingCategorySlugs.smartSwitches]: paths.smartSwitches,
};

export function categoryPath(slug: string): string {
  return landingPaths[slug] ?? paths.shopCategory(slug);
}
