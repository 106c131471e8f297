import { uiCopy } from "@shop/shared/ui-copy";
import { terms } from "./content/legal";
import { LegalPage } from "./legal-page";

export function TermsPage() {
  return <LegalPage title={uiCopy.storePages.terms.title} document={terms} />;
}
