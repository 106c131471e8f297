import { uiCopy } from "@shop/shared/ui-copy";
import { privacy } from "./content/legal";
import { LegalPage } from "./legal-page";

export function PrivacyPage() {
  return <LegalPage title={uiCopy.storePages.privacy.title} document={privacy} />;
}
