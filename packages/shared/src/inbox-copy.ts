/**
 * The words of the team inbox on a contact: its conversation (request, replies, internal notes),
 * assignment, the "Assigned to me", "Unassigned" and "Overdue" filters, and the reply email itself.
 */
export const inboxCopy = {
  conversation: "Conversation",
  conversationEmpty: "No replies or notes yet.",
  kinds: { request: "Message", reply: "Reply", note: "Internal note" },
  /** "Reply by Sam Support", "Request from Nina Buyer". */
  entryHeading: (kind: "request" | "reply" | "note", name: string) =>
    kind === "request" ? `Request from ${name}` : kind === "reply" ? `Reply by ${name}` : `Note by ${name}`,
  delivery: { pending: "Sending…", sent: "Emailed", failed: "Not delivered" },

  reply: "Reply",
  replyLabel: "Reply to the customer",
  replyHint: (email: string) => `Emailed to ${email}, with their request quoted below your reply.`,
  sendReply: "Send reply",
  replySent: "Reply sent",
  failedReply: "Failed to send reply",

  note: "Internal note",
  noteLabel: "Add an internal note",
  noteHint: "Only staff see notes; they are never emailed.",
  addNote: "Add note",
  noteAdded: "Note added",
  failedNote: "Failed to add note",

  assignee: "Assigned to",
  unassigned: "Unassigned",
  assigneeChanged: (name: string | null) => (name ? `Assigned to ${name}` : "Unassigned"),
  failedAssign: "Failed to assign contact",
  failedAssignees: "Failed to fetch staff",
  assigneeInvalid: "Choose an active staff member who can view contacts",

  filters: {
    label: "Show",
    assignedToMe: "Assigned to me",
    unassigned: "Unassigned",
    overdue: "Overdue",
  },
  overdue: "Overdue",
  overdueTitle: "Not actioned for more than 24 hours",
  overdueCount: (count: number) => `${count} overdue`,
  columns: { assignee: "Assigned to" },
  /** The activity log's link from a reply, note or assignment to the contact. */
  openContact: "Open contact",

  /** The reply email: the staff member's text, then the customer's request quoted. */
  mail: {
    subject: (subject: string) => (/^re:/i.test(subject) ? subject : `Re: ${subject}`),
    quoteHeading: (date: string, name: string) => `On ${date}, ${name} wrote:`,
  },
} as const;
