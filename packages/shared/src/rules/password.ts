import { PASSWORD_MIN_LENGTH } from '../constants';

export const PASSWORD_MESSAGES = {
  length: 'msg.password.length',
  uppercase: 'msg.password.uppercase',
  lowercase: 'msg.password.lowercase',
  number: 'msg.password.number',
  special: 'msg.password.special',
  mismatch: 'msg.password.mismatch',
  newMismatch: 'msg.password.newMismatch',
  common: 'msg.password.common',
} as const;

const SPECIAL_CHARACTERS = /[!@#$%^&*(),.?":{}|<>]/;

/** The SPEC §5 password rules, in the order the reset form lists them; empty when the password passes. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.length);
  if (!/[A-Z]/.test(password)) problems.push(PASSWORD_MESSAGES.uppercase);
  if (!/[a-z]/.test(password)) problems.push(PASSWORD_MESSAGES.lowercase);
  if (!/\d/.test(password)) problems.push(PASSWORD_MESSAGES.number);
  if (!SPECIAL_CHARACTERS.test(password)) problems.push(PASSWORD_MESSAGES.special);
  return problems;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL_MESSAGE = 'msg.invalidEmail';
