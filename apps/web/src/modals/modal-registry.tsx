import { uiCopy } from "@shop/shared/ui-copy";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { ModalComponentProps, ModalId } from "./modal-types";

type ModalRegistry = { [Id in ModalId]: LazyExoticComponent<ComponentType<ModalComponentProps<Id>>> };

/** Until its feature ships, an id opens a titled placeholder (loaded on first use, like the real one will be). */
function placeholder(id: ModalId) {
  return lazy(async () => {
    const { PlaceholderModal } = await import("./placeholder-modal");
    const title = uiCopy.modal.titles[id];
    return { default: ({ onClose }: { onClose: () => void }) => <PlaceholderModal title={title} onClose={onClose} /> };
  });
}

/** Which component each modal id opens; a feature replaces its placeholder with `lazy(() => import(...))`. */
export const modalRegistry: ModalRegistry = {
  assignTags: placeholder("assignTags"),
  editSubscriber: placeholder("editSubscriber"),
  contactQuickView: placeholder("contactQuickView"),
  activityLogQuickView: lazy(() =>
    import("@/features/activity-logs/activity-log-modal").then((m) => ({ default: m.ActivityLogModal })),
  ),
  subscriberQuickView: placeholder("subscriberQuickView"),
  product: placeholder("product"),
  contact: lazy(() => import("@/features/contacts/enquiry-modal").then((m) => ({ default: m.EnquiryModal }))),
  createTag: placeholder("createTag"),
  createUser: lazy(() => import("@/features/users/user-form-modal").then((m) => ({ default: m.UserFormModal }))),
  campaignFilter: placeholder("campaignFilter"),
  bulkImport: placeholder("bulkImport"),
  cartDrawer: lazy(() => import("@/features/cart/cart-drawer").then((m) => ({ default: m.CartDrawer }))),
};
