import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_PREFERENCES, type MailPreference, type Translator } from '@fundry/shared';
import type { MailContent } from '../mail/mail.repository';
import { escapeHtml } from '../mail/mail.templates';

/** How long a mailed unsubscribe link works: long enough for an old mail, short enough to age out. */
export const UNSUBSCRIBE_TTL_MS = 90 * 86_400_000;

/** A link's claims: whose preference, which one, and until when (ms since the epoch). */
export interface UnsubscribeClaims {
  userId: number;
  preference: MailPreference;
  expiresAt: number;
}

export type UnsubscribeCheck =
  { ok: true; claims: UnsubscribeClaims } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signed, expiring one-click unsubscribe tokens (RFC 8058): `payload.signature`, both base64url, the signature
 * an HMAC-SHA256 with the app's JWT secret over a purpose prefix and the payload. Nothing is stored: the token
 * names the user, the preference and the expiry, and only someone holding the secret can make one.
 */
export class UnsubscribeLinks {
  constructor(
    private readonly secret: string,
    private readonly appUrl: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  sign(userId: number, preference: MailPreference, ttlMs = UNSUBSCRIBE_TTL_MS): string {
    const payload = Buffer.from(
      JSON.stringify({ u: userId, p: preference, e: this.clock().getTime() + ttlMs }),
    ).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  verify(token: string): UnsubscribeCheck {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { ok: false, reason: 'invalid' };
    }
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    const { u, p, e } = (claims ?? {}) as { u?: unknown; p?: unknown; e?: unknown };
    if (
      typeof u !== 'number' ||
      !Number.isInteger(u) ||
      typeof e !== 'number' ||
      !MAIL_PREFERENCES.includes(p as MailPreference)
    ) {
      return { ok: false, reason: 'invalid' };
    }
    if (e <= this.clock().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, claims: { userId: u, preference: p as MailPreference, expiresAt: e } };
  }

  /** The address a mail's List-Unsubscribe header and footer link carry (the API; GET leads to the web page). */
  url(userId: number, preference: MailPreference): string {
    return `${this.appUrl}/api/v1/unsubscribe?token=${this.sign(userId, preference)}`;
  }

  private mac(payload: string) {
    return createHmac('sha256', this.secret).update(`unsubscribe:${payload}`).digest('base64url');
  }
}

/** RFC 8058 headers for a mail whose one-click unsubscribe address is `url`. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A rendered mail with its unsubscribe link in both bodies, in the mail's language, and the RFC 8058 headers. */
export function withUnsubscribe(
  t: Translator,
  mail: MailContent,
  preference: MailPreference,
  url: string,
): MailContent {
  const reason = t.t('mail.unsubscribe.reason', { preference });
  const label = t.t('mail.unsubscribe.link');
  const line = `${reason} ${t.t('mail.layout.actionLine', { label, url })}`;
  const html = `<p style="font-size:12px;color:#556">${escapeHtml(reason)} <a href="${escapeHtml(url)}" style="color:#0b6e4f">${escapeHtml(label)}</a></p>`;
  const closing = '</div></body></html>';
  return {
    ...mail,
    text: `${mail.text}\n\n${line}\n`,
    html: mail.html.includes(closing)
      ? mail.html.replace(closing, `${html}\n${closing}`)
      : `${mail.html}\n${html}`,
    headers: { ...mail.headers, ...unsubscribeHeaders(url) },
  };
}
