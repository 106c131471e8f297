import { uiCopy } from "@shop/shared/ui-copy";
import { useParams } from "react-router";
import { StorePage } from "@/components/store-page";

const page = uiCopy.storePages.product;

export function ProductDetailPage() {
  const { productId = "" } = useParams();
  return <StorePage eyebrow={`#${productId}`} title={page.title} intro={page.intro} />;
}
