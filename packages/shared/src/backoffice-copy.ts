/**
 * The words of the back office's catalogue and content screens: products, categories, hero
 * banners, the contacts inbox, the blog, site settings and the dashboard. Kept apart from
 * ui-copy.ts (which the storefront's first visit loads) so only staff download them; the spec's
 * messages are used verbatim.
 */
import { catalogueCopy } from "./backoffice-catalogue-copy.ts";
import { contentCopy } from "./backoffice-content-copy.ts";

export const backofficeCopy = {
  nav: {
    blog: "Blog",
    settings: "Settings",
  },

  pages: {
    productCategories: { title: "Categories", description: "Group products into categories and subcategories." },
    blog: { title: "Blog", description: "Write, publish and unpublish the posts the storefront shows." },
    blogCreate: { title: "Write post", description: "A new post, in Markdown." },
    blogEdit: { title: "Edit post", description: "Update this post." },
    settings: { title: "Settings", description: "The store's details the footer and emails use." },
  },

  unsavedChanges: {
    title: "Leave without saving?",
    message: "You have unsaved changes. If you leave this page now they will be lost.",
    leave: "Leave page",
    stay: "Stay",
  },

  ...catalogueCopy,
  ...contentCopy,
} as const;
