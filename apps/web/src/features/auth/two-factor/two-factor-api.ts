import type {
  PasskeyDto,
  PasskeyRegister,
  Reauth,
  RecoveryCodes,
  TotpSetup,
  TwoFactorStatus,
} from "@shop/shared/schemas/two-factor";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "@/lib/api-client";
import type { WithPassword } from "./password-confirm";

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

/**
 * Every change refreshes the status; the caller shows what the change answered (codes once). Null is a
 * change cancelled at the password prompt: nothing to refresh, so its confirm dialog closes at once.
 */
function useTwoFactorChange<TInput, TResult>(change: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (result) =>
      result === null ? undefined : queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

/*
 * Adding, replacing or removing a factor, and remaking the recovery codes, want the password in a session
 * signed in long ago (apps/api auth/recent-sign-in.ts): they run through the panel's `withPassword`.
 */

export const useStartTotp = (withPassword: WithPassword) =>
  useTwoFactorChange(() =>
    withPassword(async (reauth) => (await api.post<TotpSetup>("/users/two-factor/totp/setup", reauth)).data),
  );

export const useConfirmTotp = () =>
  useTwoFactorChange(
    async (code: string) => (await api.post<RecoveryCodes>("/users/two-factor/totp/confirm", { code })).data,
  );

export const useDisableTotp = (withPassword: WithPassword) =>
  useTwoFactorChange(() =>
    withPassword(async (reauth) => {
      await api.post<unknown>("/users/two-factor/totp/disable", reauth);
    }),
  );

export const useRegenerateRecoveryCodes = (withPassword: WithPassword) =>
  useTwoFactorChange(() =>
    withPassword(async (reauth) => (await api.post<RecoveryCodes>("/users/two-factor/recovery-codes", reauth)).data),
  );

export async function passkeyRegistrationOptions(reauth: Reauth): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return (await api.post<PublicKeyCredentialCreationOptionsJSON>("/users/two-factor/passkeys/options", reauth)).data;
}

export const useAddPasskey = () =>
  useTwoFactorChange(
    async (input: PasskeyRegister) => (await api.post<PasskeyDto>("/users/two-factor/passkeys", input)).data,
  );

export const useRemovePasskey = (withPassword: WithPassword) =>
  useTwoFactorChange((id: string) =>
    withPassword(async (reauth) => {
      await apiRequest<unknown>(`/users/two-factor/passkeys/${id}`, { method: "DELETE", body: reauth });
    }),
  );
