import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { type ContactCounts, contactStatuses, contactStatusLabels } from "@shop/shared/schemas/contacts";
import { formatCount } from "@/lib/format";

type ContactStatusTabsProps = {
  /** "" is every status. */
  value: string;
  counts: ContactCounts | undefined;
  onChange: (status: string) => void;
};

const tabs = [
  { value: "", label: backofficeCopy.contacts.all, countKey: "total" as const },
  ...contactStatuses.map((status) => ({ value: status, label: contactStatusLabels[status], countKey: status })),
];

/** All and one tab a status, each with its count under the other filters; choosing one filters the list. */
export function ContactStatusTabs({ value, counts, onChange }: ContactStatusTabsProps) {
  return (
    <fieldset className="mb-4 flex flex-wrap gap-2">
      <legend className="sr-only">{backofficeCopy.contacts.tabsLabel}</legend>
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value || "all"}
            type="button"
            aria-pressed={selected}
            data-testid={`contact-tab-${tab.value || "all"}`}
            onClick={() => onChange(tab.value)}
            className={`inline-flex items-center gap-2 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
              selected
                ? "bg-brand-700 text-white ring-brand-700"
                : "bg-white text-slate-700 ring-slate-200 hover:bg-slate-50"
            }`}
          >
            {tab.label}
            <span
              data-testid={`contact-count-${tab.value || "all"}`}
              className={`rounded-full px-2 text-xs tabular-nums ${selected ? "bg-white/20" : "bg-slate-100 text-slate-600"}`}
            >
              {counts ? formatCount(counts[tab.countKey]) : "–"}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}
