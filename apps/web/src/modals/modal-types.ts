import type { ActivityLogDto } from "@shop/shared/schemas/activity-logs";
import type { SubscriberFilter } from "@shop/shared/schemas/newsletter";
import type { UserDto } from "@shop/shared/schemas/users";

/**
 * Every global modal (spec section 2) and the props it is opened with.
 * Props stay out of Redux: they may carry callbacks.
 */
export type ModalPropsById = {
  /** The picked subscribers, or (with `filter`) everyone matching the list's filter; the count is what the modal shows. */
  assignTags: { selectedCount: number; subscriberIds: string[]; filter?: SubscriberFilter; onAssigned?: () => void };
  editSubscriber: { subscriberId: string; email: string; tagIds: string[] };
  /** `onClosed` runs however it closes (the inbox takes `?open=` off the address then). */
  contactQuickView: { contactId: string; onClosed?: () => void };
  /** The entry as listed: the API has no single-entry read, and the list already carries every field. */
  activityLogQuickView: { log: ActivityLogDto };
  subscriberQuickView: { subscriberId: string };
  contact: { productName: string };
  createTag: { tag?: { _id: string; name: string; description?: string } };
  /** Without a user it creates one; with one, it edits it (the list row is the source: there is no single-user read). */
  createUser: { user?: UserDto };
  /** The Campaign picker of the funnel: hands back the chosen campaign, or null for All Campaigns. */
  campaignFilter: {
    selectedCampaignId?: string | null;
    onSelect: (campaign: { _id: string; subject: string } | null) => void;
  };
  /** The composer's audience of chosen subscribers: Submit hands back the ticked ids. */
  selectSubscribers: { selectedIds: string[]; onSubmit: (subscriberIds: string[]) => void };
  bulkImport: { onImported?: (importedCount: number) => void };
  /** The storefront's cart panel, opened from the navbar's cart icon. */
  cartDrawer: Record<string, never>;
};

export type ModalId = keyof ModalPropsById;

/** What a registered modal component receives: its props and a way to close itself. */
export type ModalComponentProps<Id extends ModalId> = ModalPropsById[Id] & { onClose: () => void };
