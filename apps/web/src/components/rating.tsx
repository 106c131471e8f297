import { storefrontCopy } from "@shop/shared/storefront-copy";
import { useId } from "react";

type RatingProps = {
  value: number;
  count?: number;
  /** Cards have little room: the count shows as "(77)", read out in full. */
  compact?: boolean;
  className?: string;
};

const star = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/**
 * Five stars filled to the rating, read out as "Rated 4.3 out of 5", with the review count beside.
 * Nothing until the first review: grey stars and "0.0 (0 reviews)" read as a bad rating.
 */
export function Rating({ value, count, compact = false, className = "" }: RatingProps) {
  const clipId = useId();
  if (count === 0) return null;
  const clamped = Math.min(5, Math.max(0, value));
  return (
    <div className={`flex items-center gap-1.5 text-sm ${className}`.trim()}>
      <svg viewBox="0 0 120 24" className="h-4 w-20 shrink-0" aria-hidden="true" focusable="false">
        <defs>
          <clipPath id={clipId}>
            <rect width={(clamped / 5) * 120} height="24" />
          </clipPath>
        </defs>
        {[0, 1, 2, 3, 4].map((index) => (
          <path key={index} d={star} transform={`translate(${index * 24} 0)`} className="fill-slate-200" />
        ))}
        <g clipPath={`url(#${clipId})`}>
          {[0, 1, 2, 3, 4].map((index) => (
            <path key={index} d={star} transform={`translate(${index * 24} 0)`} className="fill-amber-400" />
          ))}
        </g>
      </svg>
      <span className="sr-only">{storefrontCopy.product.rating(clamped)}</span>
      <span aria-hidden="true" className="font-medium text-slate-700">
        {clamped.toFixed(1)}
      </span>
      {count === undefined ? null : (
        <span className="text-slate-600">
          <span aria-hidden={compact || undefined}>({compact ? count : storefrontCopy.product.reviews(count)})</span>
          {compact ? <span className="sr-only">{storefrontCopy.product.reviews(count)}</span> : null}
        </span>
      )}
    </div>
  );
}
