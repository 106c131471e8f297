import type { ProductDto } from "@shop/shared/schemas/products";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { CheckCircleIcon } from "@/components/icons";

const copy = storefrontCopy.product;

/** Features as a checklist and specifications as a two-column table. */
export function ProductSpecs({ product }: { product: Pick<ProductDto, "features" | "specifications"> }) {
  const specifications = Object.entries(product.specifications);
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      {product.features.length > 0 ? (
        <section aria-labelledby="features-title">
          <h2 id="features-title" className="text-xl font-semibold text-slate-900">
            {copy.features}
          </h2>
          <ul className="mt-4 space-y-3">
            {product.features.map((feature) => (
              <li key={feature} className="flex gap-3 text-slate-700">
                <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
                {feature}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {specifications.length > 0 ? (
        <section aria-labelledby="specifications-title">
          <h2 id="specifications-title" className="text-xl font-semibold text-slate-900">
            {copy.specifications}
          </h2>
          <table className="mt-4 w-full overflow-hidden rounded-xl text-left text-sm ring-1 ring-slate-200">
            <tbody className="divide-y divide-slate-200">
              {specifications.map(([label, value]) => (
                <tr key={label} className="even:bg-slate-50">
                  <th scope="row" className="w-2/5 px-4 py-3 font-medium text-slate-700">
                    {label}
                  </th>
                  <td className="px-4 py-3 text-slate-900">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
