import { type IconProps, Svg } from "./icons";

/** Icons the admin lists and forms need, drawn in the same frame as icons.tsx. */
export function SearchIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="11" cy="11" r="8" />
      <path d="m21 21-4.3-4.3" />
    </Svg>
  );
}
export function DownloadIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4m4-5 5 5 5-5m-5 5V3" />
    </Svg>
  );
}
export function ChevronRightIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m9 18 6-6-6-6" />
    </Svg>
  );
}
export function XCircleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m15 9-6 6m0-6 6 6" />
    </Svg>
  );
}
export function AlertTriangleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
      <path d="M12 9v4m0 4h.01" />
    </Svg>
  );
}
export function SortIcon({ order, ...props }: Omit<IconProps, "order"> & { order: "asc" | "desc" | null }) {
  return (
    <Svg {...props}>
      {order === "asc" ? <path d="m7 15 5-5 5 5" /> : null}
      {order === "desc" ? <path d="m7 9 5 5 5-5" /> : null}
      {order === null ? <path d="m7 15 5 5 5-5M7 9l5-5 5 5" /> : null}
    </Svg>
  );
}
