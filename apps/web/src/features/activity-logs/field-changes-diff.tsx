import { adminCopy } from "@shop/shared/admin-copy";
import { formatValue, isRecord } from "./detail-values";

const t = adminCopy.activityLog.detail;

function Value({ value, tone }: { value: unknown; tone: "original" | "updated" }) {
  const text = formatValue(value);
  const colours = tone === "original" ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-800";
  return (
    <pre
      data-diff={tone}
      className={`rounded-md px-2 py-1 font-mono text-xs break-words whitespace-pre-wrap ${colours}`}
    >
      <span aria-hidden="true">{tone === "original" ? "− " : "+ "}</span>
      {text === "" ? <span className="text-slate-400 italic">{t.emptyValue}</span> : text}
    </pre>
  );
}

/** Original versus updated, field by field: red lines what was, green lines what is. */
export function FieldChangesDiff({ changes }: { changes: unknown }) {
  if (!isRecord(changes)) return null;
  const original = isRecord(changes.original) ? changes.original : {};
  const updated = isRecord(changes.updated) ? changes.updated : {};
  const fields = [...new Set([...Object.keys(original), ...Object.keys(updated)])];
  if (fields.length === 0) return null;

  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">{t.fieldChanges}</caption>
      <thead className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <tr>
          <th scope="col" className="w-1/4 py-1 pr-3">
            {t.field}
          </th>
          <th scope="col" className="py-1 pr-3">
            {t.original}
          </th>
          <th scope="col" className="py-1">
            {t.updated}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 align-top">
        {fields.map((field) => (
          <tr key={field} data-field={field}>
            <th scope="row" className="py-2 pr-3 font-mono text-xs font-medium break-words text-slate-700">
              {field}
            </th>
            <td className="py-2 pr-3">
              <Value value={original[field]} tone="original" />
            </td>
            <td className="py-2">
              <Value value={updated[field]} tone="updated" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
