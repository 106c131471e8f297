import { smartSwitches } from "./content/landing";
import { LandingPage } from "./landing-page";

export function SmartSwitchesPage() {
  return <LandingPage content={smartSwitches} />;
}
