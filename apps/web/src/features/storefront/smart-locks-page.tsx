import { smartLocks } from "./content/landing";
import { LandingPage } from "./landing-page";

export function SmartLocksPage() {
  return <LandingPage content={smartLocks} />;
}
