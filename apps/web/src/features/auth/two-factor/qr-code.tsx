import { encode } from "uqr";

/** The otpauth:// URI as a QR code, drawn as SVG rectangles (no image URL, so the CSP needs nothing). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { border: 2 });
  const cells = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : [])));
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-44 rounded-lg border border-slate-200 bg-white"
      shapeRendering="crispEdges"
    >
      <path d={cells.join("")} fill="#0f172a" />
    </svg>
  );
}
