import { audienceCopy } from "@shop/shared/audience-copy";
import type { ImportColumnRole, ImportPreview } from "@shop/shared/schemas/newsletter";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { SelectField } from "@/components/form-field";

const t = audienceCopy.import.mapping;
const roles = ["email", "firstName", "lastName", "name"] as const satisfies readonly ImportColumnRole[];

/** Which column holds what, by position from 0; null where the file has no such column (yet). */
export type ColumnChoice = ImportPreview["mapping"];

/** Gives `role` the column at `position`, taking it from any other role that had it: each column is used once. */
export function assignColumn(mapping: ColumnChoice, role: ImportColumnRole, position: number | null): ColumnChoice {
  const next = { ...mapping, [role]: position };
  if (position === null) return next;
  for (const other of roles) if (other !== role && next[other] === position) next[other] = null;
  return next;
}

type SampleRow = { key: string; cells: string[] };

type ColumnMappingProps = {
  preview: ImportPreview;
  mapping: ColumnChoice;
  onChange: (mapping: ColumnChoice) => void;
  /** "Please choose the email column" once an import was asked for without one. */
  emailError?: string | undefined;
  disabled?: boolean;
};

/** The columns the server found in the file's head, each changeable, above the file's first rows. */
export function ColumnMapping({ preview, mapping, onChange, emailError, disabled = false }: ColumnMappingProps) {
  const columns: DataTableColumn<SampleRow>[] = preview.headers.map((header, index) => ({
    id: String(index),
    header: header.trim() || t.column(header, index + 1),
    cell: (row) => row.cells[index] ?? "",
    className: "whitespace-nowrap",
  }));
  const rows = preview.rows.map((cells, index) => ({ key: String(index), cells }));
  // A column is its position: headings may repeat or be blank.
  const choices = preview.headers.map((header, index) => ({
    value: String(index),
    label: t.column(header, index + 1),
  }));

  return (
    <fieldset disabled={disabled} className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-slate-700">{t.title}</legend>
      <p className="text-xs text-slate-500">
        {t.hint} {audienceCopy.import.readAs(preview.encoding)}.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {roles.map((role) => (
          <SelectField
            key={role}
            label={t[role]}
            value={mapping[role] ?? ""}
            error={role === "email" ? emailError : undefined}
            onChange={(event) =>
              onChange(assignColumn(mapping, role, event.target.value === "" ? null : Number(event.target.value)))
            }
          >
            <option value="">{role === "email" ? t.chooseColumn : t.none}</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <DataTable
        caption={t.sample}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        empty={{ title: t.noRows }}
      />
      {preview.partial && preview.rows.length > 0 ? <p className="text-xs text-slate-500">{t.more}</p> : null}
    </fieldset>
  );
}
