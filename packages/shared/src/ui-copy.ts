import { copy } from "./copy.ts";

/**
 * The words of the web app's screens: navigation, footer, shell, sign-in, placeholders.
 * Messages the API also sends live in copy.ts; labels the spec names are used verbatim.
 */
export const uiCopy = {
  brand: "Smart Home Shop",
  tagline: "Making homes smarter with style.",
  taglineSub: "Premium automation solutions for modern living.",
  skipToContent: "Skip to main content",
  loading: "Loading…",
  requestTimedOut: "The request timed out. Please try again.",
  networkError: "Could not reach the server. Please check your connection.",

  nav: {
    home: "Home",
    smartLocks: "Smart Locks",
    smartSwitches: "Smart Switches",
    shop: "Shop",
    about: "About",
    blog: "Blog",
    manage: "Manage",
    mainNavigation: "Main navigation",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    account: "Account",
    accountMenu: "Account menu",
    shopNow: "Shop Now",
    cart: (count: number) => `Cart, ${count} item${count === 1 ? "" : "s"}`,
    profile: "Profile",
    logout: "Logout",
    superAdmin: "Super Admin",
    noRole: "No role",
  },

  footer: {
    company: "Company",
    aboutUs: "About Us",
    contact: "Contact",
    blog: "Blog",
    legal: "Legal",
    terms: "Terms & Conditions",
    privacy: "Privacy Policy",
    importantLinks: "Important Links",
    shop: "Shop",
    smartLocks: "Smart Locks",
    smartSwitches: "Smart Switches",
    amazonStore: "Amazon store",
    warrantyRegistration: "Warranty Registration",
    getInTouch: "Get in touch",
    followUs: "Follow us",
    opensInNewTab: "(opens in a new tab)",
    newsletterTitle: "Stay in the loop",
    newsletterText: "New products, setup guides and offers. No spam, unsubscribe any time.",
    /** The input's accessible name; "Your email" is its placeholder (the sign-in form owns the label "Email"). */
    newsletterInput: "Newsletter sign-up",
    yourEmail: "Your email",
    subscribe: "Subscribe",
    submitting: "Submitting...",
    subscribed: copy.storefront.subscribed,
    subscribeFailed: "Failed to subscribe to newsletter",
    copyright: (year: number) => `© ${year} Smart Home Shop. All rights reserved.`,
  },

  social: {
    facebook: "Facebook",
    instagram: "Instagram",
    linkedin: "LinkedIn",
    whatsapp: "WhatsApp",
  },

  home: {
    primaryCta: "Shop Now",
    latestPosts: "From the blog",
    allPosts: "All articles",
    noPosts: "No articles yet",
    signInNoticeAction: "Sign in",
  },

  auth: {
    title: "Sign in",
    subtitle: "Staff access to the Smart Home Shop back office.",
    email: "Email",
    password: "Password",
    submit: "Sign in",
    submitting: "Signing in…",
    checkingSession: "Checking your session…",
    sessionUnchecked: "We could not check your session",
    sessionUncheckedText: "The server did not answer. You are still signed in; check your connection and try again.",
    backToStore: "Back to the store",
  },

  pages: {
    notFoundTitle: "Page not found",
    notFoundText: "The page you are looking for does not exist or has moved.",
    backHome: "Back to home",
    errorTitle: "Something went wrong.",
    errorText: "Something went wrong. Please try again later.",
    reload: "Reload page",
  },

  storePages: {
    about: { title: "About us", intro: "We design smart-home products that look as good as they work." },
    shop: { title: "Shop", intro: "Smart switches, locks and sensors for every room." },
    product: { title: "Product details", intro: "Specifications, compatibility and everything in the box." },
    category: { title: "Categories", intro: "Browse by what you want to automate." },
    contact: { title: "Contact us", intro: "Questions about a product or an order? Our team replies within 24 hours." },
    smartLocks: { title: "Smart Locks", intro: "Keyless entry with fingerprint, PIN and app access." },
    smartSwitches: {
      title: "Smart Switches",
      intro: "Touch panels that bring scenes, schedules and voice control to every light.",
    },
    terms: { title: "Terms & Conditions", intro: "The terms that apply when you shop with us." },
    privacy: { title: "Privacy Policy", intro: "What we collect, why, and how we protect it." },
    blog: { title: "Blog", intro: "Guides, ideas and news from the world of smart living." },
    blogPost: { title: "Blog post", intro: "" },
  },

  storefront: {
    /** Document titles match what the server renders into index.html for each URL. */
    pageTitle: (page: string) => `${page} | Smart Home Shop`,
    homeTitle: "Smart Home Shop — Making homes smarter with style.",
    /** Spec section 8's defaults when the server gives no message; the data hooks need them early. */
    errors: {
      products: "Failed to fetch products",
      product: "Failed to fetch product",
      categories: "Failed to fetch categories",
      blogPosts: "Failed to fetch blog posts",
      blogPost: "Failed to fetch blog post",
      enquiry: "Failed to submit inquiry. Please try again.",
    },
    carousel: {
      label: "Highlights",
      slide: (position: number, total: number) => `${position} of ${total}`,
      previous: "Previous slide",
      next: "Next slide",
      pause: "Pause automatic slide show",
      play: "Start automatic slide show",
    },
  },

  modal: {
    close: "Close",
    cancel: "Cancel",
    confirm: "Confirm",
    titles: {
      assignTags: "Assign Tags",
      editSubscriber: "Edit Subscriber",
      contactQuickView: "Contact Details",
      activityLogQuickView: "Activity Details",
      subscriberQuickView: "Subscriber Details",
      contact: "Get Product Information",
      createTag: "Create Tag",
      createUser: "Create User",
      campaignFilter: "Select Campaign for Funnel Analysis",
      selectSubscribers: "Select Subscribers",
      bulkImport: "Bulk Import Subscribers",
      cartDrawer: "Your cart",
    },
  },

  toast: {
    dismiss: "Dismiss notification",
    region: "Notifications",
  },

  /** The shared admin list building blocks: data table, pagination, search, filters. */
} as const;
