import { audienceCopy } from "@shop/shared/audience-copy";
import type { ImportProgress, ImportResult } from "@shop/shared/schemas/newsletter";
import { formatCount } from "@/lib/format";

const t = audienceCopy.import;

/** What the bar shows: the upload first, then how far the server has read the file. */
export function importShare(uploaded: number, progress: ImportProgress | undefined): number | null {
  if (uploaded < 1) return uploaded;
  if (!progress?.bytesTotal) return null;
  return Math.min(1, progress.bytesRead / progress.bytesTotal);
}

type ImportProgressBarProps = { uploaded: number; progress: ImportProgress | undefined };

export function ImportProgressBar({ uploaded, progress }: ImportProgressBarProps) {
  const share = importShare(uploaded, progress);
  const percent = share === null ? null : Math.round(share * 100);
  // The whole file read while the job still runs: the last rows (and, for a big first import, the
  // audience's indexes) are being written.
  const saving = progress?.status === "running" && share === 1;
  const label =
    uploaded < 1
      ? t.uploading(Math.round(uploaded * 100))
      : progress
        ? `${saving ? t.finishing : t.processing} ${t.rowsRead(formatCount(progress.rowsRead))}`
        : t.processing;

  return (
    <div className="space-y-2" data-testid="import-progress">
      <p aria-live="polite" className="text-sm font-medium text-slate-700">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={t.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-brand-600 transition-[width] duration-300 ${percent === null ? "w-1/3 animate-pulse" : ""}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function Figure({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className={`rounded-xl px-4 py-3 ${tone}`}>
      <dt className="text-xs font-medium tracking-wide uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{formatCount(value)}</dd>
    </div>
  );
}

/** Imported, updated and skipped counts, and the first rows skipped with their line numbers. */
export function ImportResultView({ result }: { result: ImportResult }) {
  return (
    <section aria-label={t.resultTitle} className="space-y-4" data-testid="import-result">
      <h3 className="text-sm font-semibold text-slate-900">{t.resultTitle}</h3>
      <dl className="grid grid-cols-3 gap-3">
        <Figure label={t.imported} value={result.importedCount} tone="bg-emerald-50 text-emerald-800" />
        <Figure label={t.updated} value={result.updatedCount} tone="bg-sky-50 text-sky-800" />
        <Figure label={t.skipped} value={result.skippedCount} tone="bg-amber-50 text-amber-800" />
      </dl>
      {result.suppressedCount ? (
        <p className="text-sm text-slate-700">{t.suppressed(formatCount(result.suppressedCount))}</p>
      ) : null}
      {result.encoding ? <p className="text-xs text-slate-500">{t.readAs(result.encoding)}</p> : null}
      {result.errors.length > 0 ? (
        <div>
          <h4 className="mb-2 text-sm font-semibold text-slate-900">{t.errorsTitle}</h4>
          <div className="max-h-48 overflow-y-auto rounded-lg border border-slate-200">
            <table className="min-w-full text-left text-xs">
              <thead className="sticky top-0 bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t.line}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t.value}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t.reason}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {result.errors.map((error, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a line can be reported twice; its place tells them apart
                  <tr key={`${error.line}-${index}`}>
                    <td className="px-3 py-1.5 font-mono text-slate-700">{error.line}</td>
                    <td className="max-w-48 truncate px-3 py-1.5 font-mono text-slate-700">{error.value}</td>
                    <td className="px-3 py-1.5 text-slate-700">{error.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {result.skippedCount > result.errors.length ? (
            <p className="mt-2 text-xs text-slate-500">
              {t.moreErrors(result.errors.length, formatCount(result.skippedCount))}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
