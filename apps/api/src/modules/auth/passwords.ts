import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MESSAGES, passwordProblems } from '@fundry/shared';
import { AppError } from '../../errors';
import { COMMON_PASSWORDS } from './common-passwords';

// @node-rs/argon2 hashes with argon2id by default; these are OWASP's minimum parameters for it.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing, verified when the account does not exist so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export async function spendVerificationTime(password: string) {
  dummyHash ??= hashPassword('fundry-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

/** The SPEC §5 rules and the common-password list, checked on the server whatever the client did. */
export function assertStrongPassword(
  password: string,
  field = 'password',
  status: 'VALIDATION_ERROR' | 'UNPROCESSABLE' = 'VALIDATION_ERROR',
) {
  const problems = passwordProblems(password);
  if (COMMON_PASSWORDS.has(password.toLowerCase())) problems.push(PASSWORD_MESSAGES.common);
  if (problems.length > 0)
    throw new AppError(status, problems[0] ?? 'api.auth.weakPassword', { [field]: problems });
}
