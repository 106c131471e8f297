import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { type ContactCounts, contactStatuses, contactStatusLabels } from "@shop/shared/schemas/contacts";
import type { SubscriberGrowthPoint } from "@shop/shared/schemas/dashboard";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Tooltip,
  usePlotArea,
  XAxis,
  YAxis,
} from "recharts";
import { formatDate } from "@/lib/format";

/**
 * The dashboard's charts, in a module of their own: Recharts is large and only the dashboard
 * loads this file (lazily), so it never lands in the storefront's first visit.
 */

const t = backofficeCopy.dashboard;
const chartStyle = { width: "100%", height: 260 };
const axisTick = { fontSize: 12, fill: "#64748b" };
/**
 * Both charts sit in an aria-hidden wrapper (screen readers read the list under each), so they must hold
 * nothing keyboard-focusable: no accessibility layer, which would make the drawing a tab stop.
 */
const chartProps = {
  responsive: true,
  accessibilityLayer: false,
  style: chartStyle,
  margin: { top: 8, right: 8, bottom: 8, left: -16 },
} as const;

/** One colour a status, the same family as its badge in the contacts list. */
const statusColours: Record<(typeof contactStatuses)[number], string> = {
  notActioned: "#d97706",
  inProgress: "#0284c7",
  completed: "#059669",
  cancelled: "#64748b",
  rejected: "#dc2626",
  onHold: "#7c3aed",
};

/**
 * A bar's width under which two status names side by side would touch: their longest words ("Completed",
 * "Cancelled") are about 62 px wide at 12 px, and the 1280 px dashboard (charts two to a row) gives 62 px.
 */
const narrowestBarForOneRow = 72;
/** How far (in em) a staggered name drops: below its neighbours' two lines, with room between. */
const staggerDrop = 2.9;

type StatusTickProps = {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  index?: number;
  staggered?: boolean;
};

/**
 * A status's name under its bar, a word a line: six names side by side ("Not Actioned", "In Progress")
 * would otherwise run into each other on a half-width card. Where even single words would touch (a phone,
 * or the two charts side by side), every other name drops below its neighbours, so each has two bars' width.
 * The full names are in the tooltip and the list.
 */
function StatusTick({ x, y, payload, index = 0, staggered = false }: StatusTickProps) {
  const words = String(payload?.value ?? "").split(" ");
  const drop = staggered && index % 2 === 1 ? staggerDrop : 0;
  return (
    <text x={x} y={y} textAnchor="middle" fontSize={axisTick.fontSize} fill={axisTick.fill}>
      {words.map((word, i) => (
        <tspan key={word} x={x} dy={i === 0 ? `${0.9 + drop}em` : "1.2em"}>
          {word}
        </tspan>
      ))}
    </text>
  );
}

/** The status axis, staggered when the bars are too narrow for the names side by side (and taller then). */
function StatusAxis() {
  const plot = usePlotArea();
  const staggered = plot !== undefined && plot.width / contactStatuses.length < narrowestBarForOneRow;
  return (
    <XAxis
      dataKey="label"
      tick={<StatusTick staggered={staggered} />}
      interval={0}
      tickLine={false}
      height={staggered ? 76 : 44}
    />
  );
}

/** The figures as text for screen readers: a chart alone says nothing to them. */
function ScreenReaderList({ rows }: { rows: { label: string; value: number }[] }) {
  return (
    <ul className="sr-only">
      {rows.map((row) => (
        <li key={row.label}>{t.chartSummary(row.label, row.value)}</li>
      ))}
    </ul>
  );
}

export function ContactsByStatusChart({ counts }: { counts: ContactCounts }) {
  const data = contactStatuses.map((status) => ({ status, label: contactStatusLabels[status], value: counts[status] }));
  return (
    <>
      <div aria-hidden="true">
        <BarChart {...chartProps} data={data}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <StatusAxis />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
          <Tooltip cursor={{ fill: "#f1f5f9" }} />
          <Bar dataKey="value" name={t.contactsByStatus} radius={[6, 6, 0, 0]}>
            {data.map((entry) => (
              <Cell key={entry.status} fill={statusColours[entry.status]} />
            ))}
          </Bar>
        </BarChart>
      </div>
      <ScreenReaderList rows={data} />
    </>
  );
}

export function SubscriberGrowthChart({ growth }: { growth: SubscriberGrowthPoint[] }) {
  const data = growth.map((point) => ({ ...point, label: formatDate(point.date).replace(/, \d{4}$/, "") }));
  const last = growth.at(-1);
  return (
    <>
      <div aria-hidden="true">
        <AreaChart {...chartProps} data={data}>
          <defs>
            <linearGradient id="subscriber-total" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#0d9488" stopOpacity={0.35} />
              <stop offset="100%" stopColor="#0d9488" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} minTickGap={24} />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Area
            type="monotone"
            dataKey="total"
            name={t.totalSubscribers}
            stroke="#0d9488"
            fill="url(#subscriber-total)"
            strokeWidth={2}
          />
          <Area type="monotone" dataKey="new" name={t.newSubscribers} stroke="#7c3aed" fill="none" strokeWidth={2} />
        </AreaChart>
      </div>
      <ScreenReaderList
        rows={
          last
            ? [
                { label: t.totalSubscribers, value: last.total },
                { label: t.newSubscribers, value: growth.reduce((sum, point) => sum + point.new, 0) },
              ]
            : []
        }
      />
    </>
  );
}
