import type { Translator } from '@fundry/shared';

/**
 * A person as a page names them. A closed account keeps no name (migration 0043): it is named in the reader's
 * language, never in the language of whoever closed it.
 */
export function personName(name: string | null | undefined, i18n: Translator): string {
  return name?.trim() || i18n.t('common.person.closedAccount');
}

/** Whether an account was closed: only a closed account has no name (its username is empty too). */
export function isClosedAccount(person: { name: string } | null | undefined): boolean {
  return person !== null && person !== undefined && person.name.trim() === '';
}
