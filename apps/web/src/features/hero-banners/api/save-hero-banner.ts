import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { HeroBannerCreate, HeroBannerDto, HeroBannerUpdate } from "@shop/shared/schemas/hero-banners";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { heroBannerKeys } from "./keys";

/** POST /hero-banners */
export async function createHeroBanner(input: HeroBannerCreate): Promise<HeroBannerDto> {
  const { data } = await api.post<HeroBannerDto>("/hero-banners", input, {
    defaultMessage: backofficeCopy.banners.form.failedCreate,
  });
  return data;
}

/** PUT /hero-banners/:id with the fields that changed. */
export async function updateHeroBanner({ id, changes }: { id: string; changes: HeroBannerUpdate }) {
  const { data } = await api.put<HeroBannerDto>(`/hero-banners/${encodeURIComponent(id)}`, changes, {
    defaultMessage: backofficeCopy.banners.form.failedUpdate,
  });
  return data;
}

/** DELETE /hero-banners/:id */
export async function deleteHeroBanner(id: string): Promise<void> {
  await api.delete<unknown>(`/hero-banners/${encodeURIComponent(id)}`, {
    defaultMessage: backofficeCopy.banners.failedDelete,
  });
}

function useBannerMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: heroBannerKeys.all }),
  });
}

export const useCreateHeroBanner = () => useBannerMutation(createHeroBanner);
export const useUpdateHeroBanner = () => useBannerMutation(updateHeroBanner);
export const useDeleteHeroBanner = () => useBannerMutation(deleteHeroBanner);
