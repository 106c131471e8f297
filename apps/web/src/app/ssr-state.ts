import { renderedPageUrl } from "@shop/shared/page-url";
import type { DehydratedState } from "@tanstack/react-query";

/**
 * What a server-rendered page hands the browser: the data the page was rendered with. It travels as a
 * JSON data block (not script the CSP would have to allow) with this id.
 */
export type SsrState = { url: string; queries: DehydratedState };

export const ssrStateId = "ssr-state";

/** JSON that cannot close its <script> element, whatever text the data holds. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/</g, "\\u003c");
}

/**
 * The state of the page the server rendered, if it rendered this page: the server renders by the page's
 * canonical address (no utm_* and the like), so that is what is compared. Offline, the service worker may
 * answer with the last page it saw, rendered for another address: that one is rendered afresh instead.
 */
export function readSsrState(location: Location): SsrState | undefined {
  const text = document.getElementById(ssrStateId)?.textContent;
  const state = text ? (JSON.parse(text) as SsrState) : undefined;
  return state?.url === renderedPageUrl(`${location.pathname}${location.search}`) ? state : undefined;
}
