import { describe, expect, it } from 'vitest';
import { pageTranslator } from '@/page-translators';
import { isClosedAccount, personName } from './people';

describe('a person as pages name them', () => {
  it('names a closed account in the reader’s language, never by what is stored', () => {
    expect(personName('', pageTranslator('de'))).toBe('Geschlossenes Konto');
    expect(personName('  ', pageTranslator('es'))).toBe('Cuenta cerrada');
    expect(personName(null, pageTranslator('ar'))).toBe('حساب مغلق');
    expect(personName('Ada Lovelace', pageTranslator('de'))).toBe('Ada Lovelace');
  });

  it('tells a closed account by its missing name', () => {
    expect(isClosedAccount({ name: '' })).toBe(true);
    expect(isClosedAccount({ name: 'ada' })).toBe(false);
    expect(isClosedAccount(null)).toBe(false);
  });
});
