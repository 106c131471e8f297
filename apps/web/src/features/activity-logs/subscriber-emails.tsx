import { adminCopy } from "@shop/shared/admin-copy";
import { useId, useState } from "react";
import { inputClasses } from "@/components/form-field";

const t = adminCopy.activityLog.detail;

/** The subscribers an action touched: a total, and a search through them. */
export function SubscriberEmails({ emails }: { emails: readonly string[] }) {
  const [search, setSearch] = useState("");
  const inputId = useId();
  const term = search.trim().toLowerCase();
  const shown = term ? emails.filter((email) => email.toLowerCase().includes(term)) : emails;

  // An action that touched nobody: no total of 0, and nothing to search.
  if (emails.length === 0) return <p className="py-2 text-sm text-slate-500">{t.noEmails}</p>;
  return (
    <div className="space-y-2">
      <p className="text-xs font-medium text-slate-600">{t.total(emails.length)}</p>
      <label htmlFor={inputId} className="sr-only">
        {t.searchEmails}
      </label>
      <input
        id={inputId}
        type="search"
        value={search}
        placeholder={t.searchEmails}
        onChange={(event) => setSearch(event.target.value)}
        className={inputClasses}
      />
      {shown.length === 0 ? (
        <p className="py-2 text-sm text-slate-500">{t.noEmailsMatching(search.trim())}</p>
      ) : (
        <ul className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm">
          {shown.map((email, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an email may repeat in the log; its place tells them apart
            <li key={`${email}-${index}`} className="px-3 py-1.5 font-mono text-xs text-slate-700">
              {email}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
