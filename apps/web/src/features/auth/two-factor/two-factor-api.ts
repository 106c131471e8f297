import type {
  PasskeyDto,
  PasskeyRegister,
  RecoveryCodes,
  TotpSetup,
  TwoFactorStatus,
} from "@shop/shared/schemas/two-factor";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The signed-in user's own second factors (profile page, and the enrolment a role requires). */
export const twoFactorKeys = { status: ["two-factor"] as const };

export function useTwoFactorStatus() {
  return useQuery(
    queryOptions({
      queryKey: twoFactorKeys.status,
      queryFn: async ({ signal }) => (await api.get<TwoFactorStatus>("/users/two-factor", { signal })).data,
    }),
  );
}

/** Every change refreshes the status; the caller shows what the change answered (codes once). */
function useTwoFactorChange<TInput, TResult>(change: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

export const useStartTotp = () =>
  useTwoFactorChange(async () => (await api.post<TotpSetup>("/users/two-factor/totp/setup")).data);

export const useConfirmTotp = () =>
  useTwoFactorChange(
    async (code: string) => (await api.post<RecoveryCodes>("/users/two-factor/totp/confirm", { code })).data,
  );

export const useDisableTotp = () =>
  useTwoFactorChange(async () => {
    await api.post<unknown>("/users/two-factor/totp/disable");
  });

export const useRegenerateRecoveryCodes = () =>
  useTwoFactorChange(async () => (await api.post<RecoveryCodes>("/users/two-factor/recovery-codes")).data);

export async function passkeyRegistrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return (await api.post<PublicKeyCredentialCreationOptionsJSON>("/users/two-factor/passkeys/options")).data;
}

export const useAddPasskey = () =>
  useTwoFactorChange(
    async (input: PasskeyRegister) => (await api.post<PasskeyDto>("/users/two-factor/passkeys", input)).data,
  );

export const useRemovePasskey = () =>
  useTwoFactorChange(async (id: string) => {
    await api.delete<unknown>(`/users/two-factor/passkeys/${id}`);
  });
