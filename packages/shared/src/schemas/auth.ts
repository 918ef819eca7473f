import { z } from 'zod';
import { TWO_FACTOR_CODE_LENGTH } from '../constants';
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from '../rules/password';

const email = z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE);
const password = z.string().min(1, 'msg.auth.passwordRequired').max(256);
const code = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), 'msg.auth.codeFormat');

export const registerRequest = z.strictObject({
  username: z
    .string()
    .trim()
    .min(3, 'msg.auth.usernameTooShort')
    .max(30, 'msg.auth.usernameTooLong')
    .regex(/^[A-Za-z0-9_.-]+$/, 'msg.auth.usernameCharacters'),
  email,
  password,
  full_name: z.string().trim().min(1, 'msg.auth.fullNameRequired').max(100),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.strictObject({ email, password });
export type LoginRequest = z.infer<typeof loginRequest>;

export const emailRequest = z.strictObject({ email });

export const passwordResetRequest = z.strictObject({ password });
export const changePasswordRequest = z.strictObject({
  current_password: password,
  new_password: password,
});

export const twoFactorSetupRequest = z.strictObject({ verification_code: code });
/** `auth/2fa/verify`: with a bearer token it enables two-factor; with a challenge token it finishes sign-in. */
export const twoFactorVerifyRequest = z.strictObject({
  code,
  challenge_token: z.string().min(1).optional(),
});

export const authUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  roles: z.array(z.string()),
});

/** Token responses carry both tokens at the top level of the body (DESIGN.md §3). */
export const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  data: z.object({ user: authUser }),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const twoFactorChallengeResponse = z.object({
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
  message: z.string(),
});

export const loginResponse = z.union([tokenResponse, twoFactorChallengeResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});

export const registerResponse = z.object({
  message: z.string(),
  data: z.object({ user: authUser.omit({ roles: true }) }),
});

export const twoFactorStatusResponse = z.object({ data: z.object({ is_enabled: z.boolean() }) });
export const twoFactorSetupResponse = z.object({
  message: z.string(),
  data: z.object({ qr_code: z.string(), secret: z.string() }),
});

export const authProvidersResponse = z.object({ data: z.object({ google: z.boolean() }) });

export const permissionsResponse = z.object({
  data: z.object({ roles: z.array(z.string()), permissions: z.array(z.string()) }),
});
