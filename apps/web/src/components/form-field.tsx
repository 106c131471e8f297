import { type ComponentProps, type ReactNode, useId } from "react";

export const inputClasses =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm " +
  "placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 " +
  "aria-invalid:border-red-500 aria-invalid:focus:outline-red-500/30 disabled:bg-slate-50";

type FieldIds = { id: string; describedBy: string | undefined; invalid: true | undefined };

type FormFieldProps = {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
  className?: string;
  /** Keeps the label for screen readers only (the footer's compact newsletter box). */
  hideLabel?: boolean;
  /** The control, given the ids that tie it to its label, error and hint. */
  children: (ids: FieldIds) => ReactNode;
};

/** The frame every form control shares: label above, hint or error below, wired for assistive tech. */
export function FormField({ label, error, hint, id, className = "", hideLabel = false, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <label htmlFor={controlId} className={hideLabel ? "sr-only" : "mb-1.5 block text-sm font-medium text-slate-700"}>
        {label}
      </label>
      {children({ id: controlId, describedBy, invalid: error ? true : undefined })}
      {hint && !error ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = ComponentProps<"input"> & { label: string; error?: string; hint?: string; hideLabel?: boolean };

/** A labelled text input (or email, password…: pass `type`). */
export function TextField({ label, error, hint, hideLabel, id, className, ...props }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} hideLabel={hideLabel} id={id} className={className}>
      {(ids) => (
        <input
          id={ids.id}
          type="text"
          className={inputClasses}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          {...props}
        />
      )}
    </FormField>
  );
}

type SelectFieldProps = ComponentProps<"select"> & { label: string; error?: string; hint?: string };

export function SelectField({ label, error, hint, id, className, children, ...props }: SelectFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} className={className}>
      {(ids) => (
        <select
          id={ids.id}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          className={inputClasses}
          {...props}
        >
          {children}
        </select>
      )}
    </FormField>
  );
}

type TextareaFieldProps = ComponentProps<"textarea"> & { label: string; error?: string; hint?: string };

export function TextareaField({ label, error, hint, id, className, rows = 3, ...props }: TextareaFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} className={className}>
      {(ids) => (
        <textarea
          id={ids.id}
          rows={rows}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          className={inputClasses}
          {...props}
        />
      )}
    </FormField>
  );
}

type CheckboxFieldProps = Omit<ComponentProps<"input">, "type"> & { label: string; hint?: string; error?: string };

/** A checkbox with its label beside it, and an optional hint below. */
export function CheckboxField({ label, hint, error, id, className = "", ...props }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const noteId = `${inputId}-note`;
  const note = error ?? hint;
  return (
    <div className={className}>
      {/* The label wraps its box, which names it: a `for` as well would be redundant. */}
      <label className="flex items-start gap-3 text-sm font-medium text-slate-700">
        <input
          id={inputId}
          type="checkbox"
          aria-describedby={note ? noteId : undefined}
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700 disabled:opacity-50"
          {...props}
        />
        <span>{label}</span>
      </label>
      {note ? (
        <p id={noteId} className={`mt-1 ml-7 text-xs ${error ? "text-red-600" : "text-slate-500"}`}>
          {note}
        </p>
      ) : null}
    </div>
  );
}

/** A compact labelled select for a list's filter bar. */
export function FilterSelect({
  label,
  className = "",
  children,
  ...props
}: ComponentProps<"select"> & { label: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} className={inputClasses} {...props}>
        {children}
      </select>
    </div>
  );
}

export type FilterOption = { value: string; label: string };

/** A filter's choices, after the "" choice that means no filter ("All roles"). */
export function FilterOptions({ allLabel, options }: { allLabel: string; options: readonly FilterOption[] }) {
  return (
    <>
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
