import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { AUTH_MESSAGES, type Locale, type RegisterRequest, type TokenResponse } from '@fundry/shared';
import type { DB, User } from '../../db/schema';
import { AppError } from '../../errors';
import type { MailService } from '../mail/mail.service';
import { mailTemplates } from '../mail/mail.templates';
import {
  emailOrUsernameTaken,
  findUserByEmail,
  findUserById,
  insertUser,
  rolesAndPermissions,
  updateUser,
} from '../users/users.repository';
import {
  claimTotpStep,
  consumeUserToken,
  countCodeAttempt,
  findActiveCode,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRefreshTokenUsed,
  markTokenUsed,
  replaceUserToken,
  revokeFamily,
  revokeUserSessions,
} from './auth.repository';
import { assertStrongPassword, hashPassword, spendVerificationTime, verifyPassword } from './passwords';
import { ACCESS_TOKEN_TTL_SECONDS, randomCode, randomToken, sha256, type TokenSigner } from './tokens';

const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
const VERIFY_EMAIL_TTL_MS = 24 * 3600 * 1000;
const RESET_TTL_MS = 30 * 60 * 1000;
const SETUP_CODE_TTL_MS = 10 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;
/** ±1 time step of 30 s (RFC 6238's recommended drift allowance). */
const TOTP_TOLERANCE_SECONDS = 30;

export type LoginResult =
  TokenResponse | { two_factor_required: true; challenge_token: string; message: string };

const invalidSession = () => new AppError('UNAUTHORIZED', 'api.auth.sessionExpired');
const suspendedAccount = () => new AppError('ACCOUNT_SUSPENDED', 'api.sanctions.suspended');

/** A suspended account gets no session (DESIGN.md §18); told only once its password or provider proved who it is. */
function refuseSuspended(user: { suspended_at: Date | null }) {
  if (user.suspended_at) throw suspendedAccount();
}

export class AuthService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tokens: TokenSigner,
    private readonly mail: MailService,
    private readonly appUrl: string,
  ) {}

  /** `locale` is the language of the request: their mails are written in it until they choose one. */
  async register(input: RegisterRequest, locale: Locale) {
    assertStrongPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const user = await this.db.transaction().execute(async (trx) => {
      const taken = await emailOrUsernameTaken(trx, input.email, input.username);
      if (taken.email) {
        throw new AppError('CONFLICT', 'api.auth.emailTaken', {
          email: ['api.auth.emailTaken'],
        });
      }
      if (taken.username) {
        throw new AppError('CONFLICT', 'api.auth.usernameTaken', {
          username: ['api.auth.usernameTaken'],
        });
      }
      const created = await insertUser(trx, {
        username: input.username,
        email: input.email,
        full_name: input.full_name,
        password_hash: passwordHash,
        last_locale: locale,
      });
      await this.sendVerification(trx, created);
      return created;
    });
    this.mail.kick();
    return { id: user.id, username: user.username, email: user.email, full_name: user.full_name };
  }

  async resendVerification(email: string) {
    const user = await findUserByEmail(this.db, email);
    if (user && !user.email_verified_at) {
      await this.db.transaction().execute((trx) => this.sendVerification(trx, user));
      this.mail.kick();
    }
  }

  /** Returns null when verified, else the catalog key of the reason a person can read. */
  async verifyEmail(token: string): Promise<string | null> {
    const userId = await consumeUserToken(this.db, 'verify_email', sha256(token));
    if (userId === null) return 'api.verifyEmail.invalid';
    await updateUser(this.db, userId, { email_verified_at: new Date() });
    return null;
  }

  async login(email: string, password: string, locale: Locale): Promise<LoginResult> {
    const user = await findUserByEmail(this.db, email);
    if (!user) {
      await spendVerificationTime(password);
      throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
    }
    if (!user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerified);
    refuseSuspended(user);
    if (user.totp_enabled_at) {
      return {
        two_factor_required: true,
        challenge_token: await this.tokens.signChallenge(user.id),
        message: AUTH_MESSAGES.twoFactorRequired,
      };
    }
    return this.startSession(user, locale);
  }

  async finishTwoFactorLogin(challengeToken: string, code: string, locale: Locale): Promise<TokenResponse> {
    const userId = await this.tokens.verifyChallenge(challengeToken);
    const user = userId === null ? undefined : await findUserById(this.db, userId);
    if (!user?.totp_secret) throw new AppError('UNAUTHORIZED', 'api.auth.signInExpired');
    await this.checkTotp(user, user.totp_secret, code, AUTH_MESSAGES.invalid2faCode);
    return this.startSession(user, locale);
  }

  /**
   * A new session: a fresh refresh-token family and an access token bound to it, which carries the language the
   * person chose. The language they sign in with is remembered for their mails.
   */
  async startSession(user: User, locale: Locale): Promise<TokenResponse> {
    // Every way in (password, two-factor, OpenID Connect) ends here.
    refuseSuspended(user);
    if (user.last_locale !== locale) await updateUser(this.db, user.id, { last_locale: locale });
    const familyId = randomUUID();
    const refreshToken = randomToken();
    await insertRefreshToken(this.db, {
      user_id: user.id,
      family_id: familyId,
      token_hash: sha256(refreshToken),
      expires_at: new Date(Date.now() + REFRESH_TTL_MS),
    });
    const access = await rolesAndPermissions(this.db, user.id);
    return {
      access_token: await this.tokens.signAccess({
        userId: user.id,
        ...access,
        sessionId: familyId,
        locale: user.locale ?? undefined,
      }),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      data: {
        user: {
          id: user.id,
          username: user.username,
          email: user.email,
          full_name: user.full_name,
          roles: access.roles,
        },
      },
    };
  }

  /**
   * Rotates a refresh token. A token that was already used or revoked means it leaked: the whole family
   * (that sign-in, on every device that shares it) is revoked.
   */
  async refresh(refreshToken: string, locale: Locale) {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const row = await findRefreshTokenForUpdate(trx, sha256(refreshToken));
      if (!row) return { kind: 'unknown' as const };
      if (row.used_at || row.revoked_at) return { kind: 'reused' as const, familyId: row.family_id };
      if (row.expires_at.getTime() <= Date.now()) return { kind: 'expired' as const };
      const user = await findUserById(trx, row.user_id);
      if (!user) return { kind: 'unknown' as const };
      if (user.suspended_at) return { kind: 'suspended' as const };
      await markRefreshTokenUsed(trx, row.id);
      if (user.last_locale !== locale) await updateUser(trx, user.id, { last_locale: locale });
      const next = randomToken();
      await insertRefreshToken(trx, {
        user_id: row.user_id,
        family_id: row.family_id,
        token_hash: sha256(next),
        expires_at: new Date(Date.now() + REFRESH_TTL_MS),
      });
      const access = await rolesAndPermissions(trx, row.user_id);
      return {
        kind: 'ok' as const,
        tokens: {
          access_token: await this.tokens.signAccess({
            userId: row.user_id,
            ...access,
            sessionId: row.family_id,
            locale: user.locale ?? undefined,
          }),
          refresh_token: next,
          token_type: 'Bearer' as const,
          expires_in: ACCESS_TOKEN_TTL_SECONDS,
        },
      };
    });
    if (outcome.kind === 'reused') await revokeFamily(this.db, outcome.familyId);
    if (outcome.kind === 'suspended') throw suspendedAccount();
    if (outcome.kind !== 'ok') throw invalidSession();
    return outcome.tokens;
  }

  async logout(sessionId: string) {
    await revokeFamily(this.db, sessionId);
  }

  /** Answers the same whether or not the address exists (the route does). */
  async requestPasswordReset(email: string) {
    const user = await findUserByEmail(this.db, email);
    if (!user) return;
    const token = randomToken();
    await this.db.transaction().execute(async (trx) => {
      await replaceUserToken(
        trx,
        user.id,
        'password_reset',
        sha256(token),
        new Date(Date.now() + RESET_TTL_MS),
      );
      const url = `${this.appUrl}/password-reset/${token}`;
      await this.mail.enqueue(trx, user, (t) =>
        mailTemplates.passwordReset(t, user.email, user.full_name, url),
      );
    });
    this.mail.kick();
  }

  async resetPassword(token: string, password: string) {
    // Rules first, so a weak password does not spend the single-use link.
    assertStrongPassword(password, 'password', 'UNPROCESSABLE');
    const passwordHash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      const userId = await consumeUserToken(trx, 'password_reset', sha256(token));
      if (userId === null) throw new AppError('INVALID_TOKEN', AUTH_MESSAGES.resetLinkInvalid);
      const user = await findUserById(trx, userId);
      if (!user) throw new AppError('INVALID_TOKEN', AUTH_MESSAGES.resetLinkInvalid);
      // Following the mailed link proves the address, so an unverified account becomes verified.
      await updateUser(trx, userId, {
        password_hash: passwordHash,
        email_verified_at: user.email_verified_at ?? new Date(),
      });
      await revokeUserSessions(trx, userId);
      await this.mail.enqueue(trx, user, (t) => mailTemplates.passwordChanged(t, user.email, user.full_name));
    });
    this.mail.kick();
  }

  async changePassword(userId: number, sessionId: string, current: string, next: string) {
    const user = await findUserById(this.db, userId);
    if (!user) throw invalidSession();
    if (!(await verifyPassword(user.password_hash, current))) {
      throw new AppError('VALIDATION_ERROR', AUTH_MESSAGES.currentPasswordWrong, {
        current_password: [AUTH_MESSAGES.currentPasswordWrong],
      });
    }
    assertStrongPassword(next, 'new_password', 'UNPROCESSABLE');
    const passwordHash = await hashPassword(next);
    await this.db.transaction().execute(async (trx) => {
      await updateUser(trx, userId, { password_hash: passwordHash });
      await revokeUserSessions(trx, userId, sessionId);
      await this.mail.enqueue(trx, user, (t) => mailTemplates.passwordChanged(t, user.email, user.full_name));
    });
    this.mail.kick();
  }

  async twoFactorEnabled(userId: number) {
    const user = await findUserById(this.db, userId);
    if (!user) throw invalidSession();
    return Boolean(user.totp_enabled_at);
  }

  /** Step 1: a 6-digit code by mail proves the person controls the account's inbox. */
  async initiateTwoFactorSetup(userId: number) {
    const user = await findUserById(this.db, userId);
    if (!user) throw invalidSession();
    if (user.totp_enabled_at) throw new AppError('CONFLICT', 'api.auth.twoFactorAlreadyOn');
    const code = randomCode();
    await this.db.transaction().execute(async (trx) => {
      await replaceUserToken(
        trx,
        userId,
        'two_factor_setup',
        sha256(code),
        new Date(Date.now() + SETUP_CODE_TTL_MS),
      );
      await this.mail.enqueue(trx, user, (t) =>
        mailTemplates.twoFactorCode(t, user.email, user.full_name, code),
      );
    });
    this.mail.kick();
  }

  /** Step 2: the mailed code gives the secret and its QR code; two-factor is not on yet. */
  async completeTwoFactorSetup(userId: number, code: string) {
    const user = await findUserById(this.db, userId);
    if (!user) throw invalidSession();
    const pending = await findActiveCode(this.db, userId, 'two_factor_setup');
    if (!pending || pending.attempts >= MAX_CODE_ATTEMPTS || pending.token_hash !== sha256(code)) {
      if (pending) await countCodeAttempt(this.db, pending.id);
      throw new AppError('VALIDATION_ERROR', AUTH_MESSAGES.invalidVerificationCode, {
        verification_code: [AUTH_MESSAGES.invalidVerificationCode],
      });
    }
    const secret = generateSecret();
    await markTokenUsed(this.db, pending.id);
    await updateUser(this.db, userId, { totp_pending_secret: secret });
    const uri = generateURI({ issuer: 'Fundry', label: user.email, secret });
    return { secret, qr_code: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
  }

  /** Step 3: a code from the authenticator app confirms the secret and turns two-factor on. */
  async enableTwoFactor(userId: number, code: string) {
    const user = await findUserById(this.db, userId);
    if (!user) throw invalidSession();
    if (!user.totp_pending_secret) {
      throw new AppError('CONFLICT', 'api.auth.noTwoFactorSetup');
    }
    // A signed-in person's typo is a 400: a 401 would read as an expired session and sign them out.
    await this.checkTotp(
      user,
      user.totp_pending_secret,
      code,
      AUTH_MESSAGES.invalid2faCode,
      'VALIDATION_ERROR',
    );
    await updateUser(this.db, userId, {
      totp_secret: user.totp_pending_secret,
      totp_pending_secret: null,
      totp_enabled_at: new Date(),
    });
  }

  async revokeTwoFactor(userId: number) {
    await updateUser(this.db, userId, {
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
    });
  }

  /** A code is accepted at most once: its time step is claimed atomically. */
  private async checkTotp(
    user: User,
    secret: string,
    code: string,
    message: string,
    failure: 'UNAUTHORIZED' | 'VALIDATION_ERROR' = 'UNAUTHORIZED',
  ) {
    const result = await verifyTotp({
      secret,
      token: code,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(user.totp_last_step === null ? {} : { afterTimeStep: user.totp_last_step }),
    });
    if (
      !result.valid ||
      !('timeStep' in result) ||
      !(await claimTotpStep(this.db, user.id, result.timeStep))
    ) {
      throw new AppError(failure, message, failure === 'VALIDATION_ERROR' ? { code: [message] } : undefined);
    }
  }

  private async sendVerification(trx: Kysely<DB>, user: User) {
    const token = randomToken();
    await replaceUserToken(
      trx,
      user.id,
      'verify_email',
      sha256(token),
      new Date(Date.now() + VERIFY_EMAIL_TTL_MS),
    );
    const url = `${this.appUrl}/api/v1/auth/verify-email?token=${token}`;
    await this.mail.enqueue(trx, user, (t) => mailTemplates.verifyEmail(t, user.email, user.full_name, url));
  }
}
