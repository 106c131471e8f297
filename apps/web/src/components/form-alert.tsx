import { AlertCircleIcon } from "./icons";

/** A form's or dialog's own failure message, announced when it appears. */
export function FormAlert({ message, className = "" }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700 ${className}`.trim()}
    >
      <AlertCircleIcon className="size-5 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
