import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { GrowthDay } from "@shop/shared/schemas/campaigns";
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate } from "@/lib/format";

/**
 * Recharts lives in this module, which only the statistics page (a lazy route) loads. The drawings sit
 * in aria-hidden wrappers (screen readers read the lists), so no accessibility layer: it makes them Tab stops.
 */

const t = campaignUiCopy.stats;
const chartStyle = { width: "100%", height: 260 };
const axisTick = { fontSize: 12, fill: "#64748b" };
const margin = { top: 8, right: 8, bottom: 8, left: -16 };

const labelled = (days: GrowthDay[]) =>
  days.map((day) => ({ ...day, label: formatDate(`${day.day}T12:00:00`).replace(/, \d{4}$/, "") }));

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

const sum = (days: GrowthDay[], key: "subscribed" | "unsubscribed" | "campaigns") =>
  days.reduce((total, day) => total + day[key], 0);

/** New subscribers against unsubscribes, day by day. */
export function GrowthChart({ days }: { days: GrowthDay[] }) {
  return (
    <>
      <div aria-hidden="true">
        <AreaChart responsive accessibilityLayer={false} data={labelled(days)} style={chartStyle} margin={margin}>
          <defs>
            <linearGradient id="campaign-growth-new" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#0d9488" stopOpacity={0.35} />
              <stop offset="100%" stopColor="#0d9488" stopOpacity={0} />
            </linearGradient>
            <linearGradient id="campaign-growth-churn" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#dc2626" stopOpacity={0.25} />
              <stop offset="100%" stopColor="#dc2626" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} minTickGap={24} />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Area
            type="monotone"
            dataKey="subscribed"
            name={t.newSubscribers}
            stroke="#0d9488"
            fill="url(#campaign-growth-new)"
            strokeWidth={2}
          />
          <Area
            type="monotone"
            dataKey="unsubscribed"
            name={t.unsubscribes}
            stroke="#dc2626"
            fill="url(#campaign-growth-churn)"
            strokeWidth={2}
          />
        </AreaChart>
      </div>
      <ScreenReaderList
        rows={[
          { label: t.newSubscribers, value: sum(days, "subscribed") },
          { label: t.unsubscribes, value: sum(days, "unsubscribed") },
        ]}
      />
    </>
  );
}

/** Campaigns finished per day. */
export function CampaignsChart({ days }: { days: GrowthDay[] }) {
  return (
    <>
      <div aria-hidden="true">
        <BarChart responsive accessibilityLayer={false} data={labelled(days)} style={chartStyle} margin={margin}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} minTickGap={24} />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
          <Tooltip cursor={{ fill: "#f1f5f9" }} />
          <Bar dataKey="campaigns" name={t.campaignsPerDay} fill="#7c3aed" radius={[4, 4, 0, 0]} />
        </BarChart>
      </div>
      <ScreenReaderList rows={[{ label: t.campaignsPerDay, value: sum(days, "campaigns") }]} />
    </>
  );
}
