import { storefrontCopy } from "@shop/shared/storefront-copy";
import { AlertCircleIcon } from "@/components/icons";

/** Says which products left the cart because the shop no longer sells them (see useRefreshedCart). */
export function RemovedLinesNotice({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <p role="status" className="mb-4 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
      <AlertCircleIcon className="size-5 shrink-0" />
      {storefrontCopy.cart.unavailable(names)}
    </p>
  );
}
