import { adminCopy } from "@shop/shared/admin-copy";
import { inboxCopy } from "@shop/shared/inbox-copy";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AlertTriangleIcon, ChevronRightIcon } from "@/components/admin-icons";
import { InfoIcon } from "@/components/icons";
import { adminAccess, useCan } from "@/lib/access";
import { paths } from "@/lib/paths";
import { fieldOf, formatValue, isRecord, otherDetailsOf, textOf, textsOf } from "./detail-values";
import { FieldChangesDiff } from "./field-changes-diff";
import { SubscriberEmails } from "./subscriber-emails";

const t = adminCopy.activityLog.detail;

function Block({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section data-block={id} aria-label={title} className="rounded-xl border border-slate-200 p-4">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** Label–value rows; rows without a value are left out. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const present = rows.filter(([, value]) => value !== undefined && value !== null && value !== "");
  if (present.length === 0) return null;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {present.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function BlockLink({ to, label, onNavigate }: { to: string; label: string; onNavigate: () => void }) {
  return (
    <Link
      to={to}
      onClick={onNavigate}
      className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
    >
      {label}
      <ChevronRightIcon className="size-4" />
    </Link>
  );
}

type ActivityLogDetailsProps = {
  details: unknown;
  /** Following a link leaves the modal behind: it closes. */
  onNavigate: () => void;
};

/**
 * The context blocks of spec section 2, each shown only when the entry's details carry it. A block
 * links to what it names only for someone who may open it; an auditor of the log alone reads the facts.
 */
export function ActivityLogDetails({ details, onNavigate }: ActivityLogDetailsProps) {
  const can = useCan();
  if (!isRecord(details)) return null;
  const productId = textOf(details.productId);
  const banner = details.bannerInfo;
  const emailId = fieldOf(details.emailInfo, "emailId") ?? textOf(details.emailHistoryId);
  const emailSubject = fieldOf(details.emailInfo, "subject");
  const tagName = fieldOf(details.tagInfo, "name");
  const tags = textsOf(details.tagsList);
  const emails = Array.isArray(details.subscriberEmails) ? textsOf(details.subscriberEmails) : null;
  const isActive = typeof details.updatedisActive === "boolean" ? details.updatedisActive : null;
  const reason = textOf(details.message);
  const contactId = textOf(details.contactId);
  const other = otherDetailsOf(details);

  return (
    <div className="space-y-3">
      {productId ? (
        <Block id="product" title={t.product}>
          <Facts rows={[[t.id, productId]]} />
          {can(adminAccess.productEdit) ? (
            <BlockLink to={paths.admin.productEdit(productId)} label={t.openProduct} onNavigate={onNavigate} />
          ) : null}
        </Block>
      ) : null}
      {isRecord(banner) ? (
        <Block id="banner" title={t.banner}>
          <Facts
            rows={[
              [t.title, fieldOf(banner, "title")],
              [t.id, fieldOf(banner, "id")],
            ]}
          />
        </Block>
      ) : null}
      {emailId || emailSubject ? (
        <Block id="email" title={t.email}>
          <Facts
            rows={[
              [t.subject, emailSubject],
              [t.id, emailId],
            ]}
          />
          {emailId && can(adminAccess.emailHistory) ? (
            <BlockLink to={paths.admin.emailDetail(emailId)} label={t.openEmail} onNavigate={onNavigate} />
          ) : null}
        </Block>
      ) : null}
      {tagName ? (
        <Block id="tag" title={t.tag}>
          <Facts rows={[[t.name, tagName]]} />
        </Block>
      ) : null}
      {isRecord(details.subscriberInfo) ? (
        <Block id="subscriber" title={t.subscriber}>
          <Facts
            rows={[
              [t.email, fieldOf(details.subscriberInfo, "email")],
              [t.id, fieldOf(details.subscriberInfo, "id")],
            ]}
          />
        </Block>
      ) : null}
      {tags.length > 0 ? (
        <Block id="tags" title={t.tags}>
          <ul className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
                {tag}
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
      {emails ? (
        <Block id="subscriber-emails" title={t.subscriberEmails}>
          <SubscriberEmails emails={emails} />
        </Block>
      ) : null}
      {isRecord(details.onActioned) ? (
        <Block id="actioned-on" title={t.actionedOn}>
          <Facts
            rows={[
              [t.name, fieldOf(details.onActioned, "name")],
              [t.email, fieldOf(details.onActioned, "email")],
            ]}
          />
          {contactId && can(adminAccess.contacts) ? (
            <BlockLink to={paths.admin.contactOpen(contactId)} label={inboxCopy.openContact} onNavigate={onNavigate} />
          ) : null}
        </Block>
      ) : null}
      {isRecord(details.roleinfo) ? (
        <Block id="role" title={t.role}>
          <Facts
            rows={[
              [t.name, fieldOf(details.roleinfo, "name")],
              [t.id, fieldOf(details.roleinfo, "id")],
            ]}
          />
        </Block>
      ) : null}
      {isRecord(details.userInfo) ? (
        <Block id="user" title={t.userInfo}>
          <Facts
            rows={[
              [t.name, fieldOf(details.userInfo, "name")],
              [t.email, fieldOf(details.userInfo, "email")],
              [t.id, fieldOf(details.userInfo, "id")],
            ]}
          />
        </Block>
      ) : null}
      {isActive !== null ? (
        <p
          data-block="active-notice"
          className={`flex items-center gap-2 rounded-xl p-3 text-sm font-medium ${
            isActive ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-900"
          }`}
        >
          <InfoIcon className="size-5 shrink-0" />
          {isActive ? t.activated : t.deactivated}
        </p>
      ) : null}
      {reason ? (
        <Block id="failure-reason" title={t.failureReason}>
          <p className="flex items-start gap-2 text-sm text-red-700">
            <AlertTriangleIcon className="size-5 shrink-0" />
            {reason}
          </p>
        </Block>
      ) : null}
      {isRecord(details.fieldChanges) ? (
        <Block id="field-changes" title={t.fieldChanges}>
          <FieldChangesDiff changes={details.fieldChanges} />
        </Block>
      ) : null}
      {other ? (
        <details data-block="other" className="rounded-xl border border-slate-200 p-4">
          <summary className="cursor-pointer text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t.otherDetails}
          </summary>
          <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-50 p-3 font-mono text-xs text-slate-700">
            {formatValue(other)}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
