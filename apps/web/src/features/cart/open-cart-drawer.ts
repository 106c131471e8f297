import type { MouseEvent } from "react";
import { openModal } from "@/modals/modal-store";

/**
 * The navbar's cart link opens the drawer; a modified click (new tab, new window) still follows the
 * link to /cart, and so does the link without JavaScript.
 */
export function openCartDrawer(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  openModal("cartDrawer", {});
}
