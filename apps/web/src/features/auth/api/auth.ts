import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse, RegisterRequest, TokenResponse } from '@fundry/shared';
import { api } from '@/lib/api-client';

export interface MessageResponse {
  message: string;
}

interface ProvidersResponse {
  data: { google: boolean };
}

export type TwoFactorChallenge = Extract<LoginResponse, { two_factor_required: true }>;

export function isTwoFactorChallenge(response: LoginResponse): response is TwoFactorChallenge {
  return 'two_factor_required' in response && response.two_factor_required;
}

export const authKeys = {
  providers: ['auth', 'providers'] as const,
};

/** Which third-party sign-in providers the server has configured. */
export function useAuthProviders() {
  return useQuery({
    queryKey: authKeys.providers,
    queryFn: async ({ signal }) =>
      (await api.get<ProvidersResponse>('auth/providers', undefined, signal)).data,
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => api.post<LoginResponse>('auth/login', body, { anonymous: true }),
  });
}

/** Finishes a two-factor sign-in: the challenge token from the login answer plus the code (no bearer). */
export function useVerifyTwoFactorLogin() {
  return useMutation({
    mutationFn: (body: { code: string; challenge_token: string }) =>
      api.post<TokenResponse>('auth/2fa/verify', body, { anonymous: true }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<MessageResponse>('auth/resend-verification', { email }, { anonymous: true }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      api.post<MessageResponse>('auth/register', body, { anonymous: true }),
  });
}

export function usePasswordResetRequest() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<MessageResponse>('auth/password-reset-request', { email }, { anonymous: true }),
  });
}

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api.post<MessageResponse>(
        `auth/password-reset/${encodeURIComponent(token)}`,
        { password },
        { anonymous: true },
      ),
  });
}
