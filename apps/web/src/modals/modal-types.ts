/**
 * Every global modal (spec section 2) and the props it is opened with.
 * Props stay out of Redux: they may carry callbacks.
 */
export type ModalPropsById = {
  assignTags: { subscriberIds: string[]; onAssigned?: () => void };
  editSubscriber: { subscriberId: string; email: string; tagIds: string[] };
  contactQuickView: { contactId: string };
  activityLogQuickView: { activityLogId: string };
  subscriberQuickView: { subscriberId: string };
  product: { mode: "add" | "edit"; productId?: string };
  contact: { productName: string };
  createTag: { tag?: { _id: string; name: string; description?: string } };
  createUser: { userId?: string };
  campaignFilter: { selectedCampaignId?: string | null; onSelect: (campaignId: string | null) => void };
  bulkImport: { onImported?: (importedCount: number) => void };
};

export type ModalId = keyof ModalPropsById;

/** What a registered modal component receives: its props and a way to close itself. */
export type ModalComponentProps<Id extends ModalId> = ModalPropsById[Id] & { onClose: () => void };
