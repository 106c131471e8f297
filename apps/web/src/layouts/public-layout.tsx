import { Outlet } from "react-router";
import { ScrollRestoration } from "@/app/scroll-restoration";
import { NavigationProgress } from "@/components/navigation-progress";
import { mainContentId } from "@/lib/main-content";
import { Footer } from "./footer";
import { Navbar } from "./navbar";
import { SignInNotice } from "./sign-in-notice";
import { SkipLink } from "./skip-link";

/** The storefront frame. Admin pages live under AdminLayout, so the bar and footer never show there. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SkipLink />
      <NavigationProgress />
      <ScrollRestoration />
      <Navbar />
      <SignInNotice />
      <main id={mainContentId} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
