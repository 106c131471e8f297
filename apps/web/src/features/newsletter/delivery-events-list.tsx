import { audienceCopy } from "@shop/shared/audience-copy";
import type { DeliveryEventDto } from "@shop/shared/schemas/deliverability";
import { formatDateTime } from "@/lib/format";

const t = audienceCopy.quickView;
const tone = { hard: "text-red-700", soft: "text-amber-700", complaint: "text-red-700" } as const;

/** A person's latest bounces and complaints in the quick view (newest first, as the server sends them). */
export function DeliveryEventsList({ events }: { events: DeliveryEventDto[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">{t.noDeliveryEvents}</p>;
  return (
    <ul aria-label={t.deliveryEvents} className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {events.map((event) => (
        <li key={event._id} className="px-4 py-2.5 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className={`font-medium ${tone[event.kind]}`}>{t.deliveryEventKinds[event.kind]}</span>
            <time className="text-xs text-slate-500" dateTime={event.createdAt}>
              {formatDateTime(event.createdAt)}
            </time>
          </div>
          {event.reason ? <p className="mt-0.5 break-words text-slate-700">{event.reason}</p> : null}
          {event.campaignSubject ? (
            <p className="mt-0.5 text-xs text-slate-500">{t.deliveryEventCampaign(event.campaignSubject)}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
