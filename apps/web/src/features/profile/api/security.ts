import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

interface MessageResponse {
  message: string;
}

interface TwoFactorStatus {
  is_enabled: boolean;
}

export interface TwoFactorSetup {
  /** A PNG data URL. */
  qr_code: string;
  secret: string;
}

export const securityKeys = {
  twoFactorStatus: ['auth', '2fa', 'status'] as const,
};

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) =>
      api.post<MessageResponse>('auth/change-password', body),
  });
}

export function useTwoFactorStatus(enabled: boolean) {
  return useQuery({
    queryKey: securityKeys.twoFactorStatus,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: TwoFactorStatus }>('auth/2fa/status', undefined, signal)).data,
    enabled,
  });
}

/** Mails a 6-digit code that proves the person owns the account's address. */
export function useInitiateTwoFactorSetup() {
  return useMutation({
    mutationFn: () => api.post<MessageResponse>('auth/2fa/initiate-setup', {}),
  });
}

/** Checks the mailed code and returns the authenticator QR code and secret (not enabled yet). */
export function useCompleteTwoFactorSetup() {
  return useMutation({
    mutationFn: (verificationCode: string) =>
      api.post<MessageResponse & { data: TwoFactorSetup }>('auth/2fa/complete-setup', {
        verification_code: verificationCode,
      }),
  });
}

function useSetTwoFactorEnabled() {
  const queryClient = useQueryClient();
  return (isEnabled: boolean) =>
    queryClient.setQueryData<TwoFactorStatus>(securityKeys.twoFactorStatus, { is_enabled: isEnabled });
}

/** A code from the authenticator app, sent with the bearer token, confirms and enables two-factor. */
export function useConfirmTwoFactor() {
  const setEnabled = useSetTwoFactorEnabled();
  return useMutation({
    mutationFn: (code: string) => api.post<MessageResponse>('auth/2fa/verify', { code }),
    onSuccess: () => setEnabled(true),
  });
}

export function useRevokeTwoFactor() {
  const setEnabled = useSetTwoFactorEnabled();
  return useMutation({
    mutationFn: () => api.delete<MessageResponse>('auth/2fa/revoke'),
    onSuccess: () => setEnabled(false),
  });
}
