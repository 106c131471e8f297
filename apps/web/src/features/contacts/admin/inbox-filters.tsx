import { inboxCopy } from "@shop/shared/inbox-copy";
import { ToggleButton } from "@/components/toggle-button";

type InboxFiltersProps = {
  assigned: "me" | "none" | undefined;
  overdue: boolean;
  /** URL values: "" clears a filter. */
  onChange: (patch: { assigned?: string; overdue?: string }) => void;
};

const t = inboxCopy.filters;

/** "Assigned to me" and "Unassigned" (one or the other) and "Overdue": toggles that combine with the rest. */
export function InboxFilters({ assigned, overdue, onChange }: InboxFiltersProps) {
  const toggles = [
    {
      id: "mine",
      label: t.assignedToMe,
      pressed: assigned === "me",
      patch: { assigned: assigned === "me" ? "" : "me" },
    },
    {
      id: "unassigned",
      label: t.unassigned,
      pressed: assigned === "none",
      patch: { assigned: assigned === "none" ? "" : "none" },
    },
    { id: "overdue", label: t.overdue, pressed: overdue, patch: { overdue: overdue ? "" : "true" } },
  ];
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{t.label}</legend>
      {toggles.map((toggle) => (
        <ToggleButton
          key={toggle.id}
          pressed={toggle.pressed}
          data-testid={`inbox-filter-${toggle.id}`}
          onClick={() => onChange(toggle.patch)}
        >
          {toggle.label}
        </ToggleButton>
      ))}
    </fieldset>
  );
}
