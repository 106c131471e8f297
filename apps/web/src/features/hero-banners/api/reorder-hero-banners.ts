import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { heroBannerKeys } from "./keys";

/** PUT /hero-banners/reorder {ids}: the full order, first shown first; the server renumbers displayOrder. */
export async function reorderHeroBanners(ids: readonly string[]): Promise<HeroBannerDto[]> {
  const { data } = await api.put<HeroBannerDto[]>(
    "/hero-banners/reorder",
    { ids },
    { defaultMessage: backofficeCopy.banners.failedReorder },
  );
  return data;
}

/** Moves rows at once (a drag should not snap back while the server answers); a failure restores them. */
export function useReorderHeroBanners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (banners: HeroBannerDto[]) => reorderHeroBanners(banners.map((banner) => banner._id)),
    onMutate: async (banners) => {
      await queryClient.cancelQueries({ queryKey: heroBannerKeys.list() });
      const previous = queryClient.getQueryData<HeroBannerDto[]>(heroBannerKeys.list());
      queryClient.setQueryData(heroBannerKeys.list(), banners);
      return { previous };
    },
    onError: (_error, _banners, context) => {
      if (context?.previous) queryClient.setQueryData(heroBannerKeys.list(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: heroBannerKeys.all }),
  });
}
