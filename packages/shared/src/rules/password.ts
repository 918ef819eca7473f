import { PASSWORD_MIN_LENGTH } from '../constants';

export const PASSWORD_MESSAGES = {
  length: 'Password must be at least 8 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  mismatch: 'Passwords do not match',
  newMismatch: 'New passwords do not match',
  common: 'This password is too common. Please choose another one.',
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
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
