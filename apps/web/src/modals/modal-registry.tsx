import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { ModalComponentProps, ModalId } from "./modal-types";

type ModalRegistry = { [Id in ModalId]: LazyExoticComponent<ComponentType<ModalComponentProps<Id>>> };

/** Which component each modal id opens, loaded on first use. */
export const modalRegistry: ModalRegistry = {
  assignTags: lazy(() =>
    import("@/features/newsletter/assign-tags-modal").then((m) => ({ default: m.AssignTagsModal })),
  ),
  editSubscriber: lazy(() =>
    import("@/features/newsletter/edit-subscriber-modal").then((m) => ({ default: m.EditSubscriberModal })),
  ),
  contactQuickView: lazy(() =>
    import("@/features/contacts/admin/contact-quick-view").then((m) => ({ default: m.ContactQuickView })),
  ),
  activityLogQuickView: lazy(() =>
    import("@/features/activity-logs/activity-log-modal").then((m) => ({ default: m.ActivityLogModal })),
  ),
  subscriberQuickView: lazy(() =>
    import("@/features/newsletter/subscriber-quick-view").then((m) => ({ default: m.SubscriberQuickView })),
  ),
  contact: lazy(() => import("@/features/contacts/enquiry-modal").then((m) => ({ default: m.EnquiryModal }))),
  createTag: lazy(() => import("@/features/newsletter/tag-form-modal").then((m) => ({ default: m.TagFormModal }))),
  createUser: lazy(() => import("@/features/users/user-form-modal").then((m) => ({ default: m.UserFormModal }))),
  campaignFilter: lazy(() =>
    import("@/features/campaigns/stats/campaign-picker-modal").then((m) => ({ default: m.CampaignPickerModal })),
  ),
  selectSubscribers: lazy(() =>
    import("@/features/campaigns/compose/select-subscribers-modal").then((m) => ({
      default: m.SelectSubscribersModal,
    })),
  ),
  bulkImport: lazy(() =>
    import("@/features/newsletter/bulk-import-modal").then((m) => ({ default: m.BulkImportModal })),
  ),
  cartDrawer: lazy(() => import("@/features/cart/cart-drawer").then((m) => ({ default: m.CartDrawer }))),
};
