import { describe, expect, it } from 'vitest';
import { SOURCE_CATALOGS } from '../i18n/catalogs';
import { compileCatalog } from '../i18n/compile';
import { createTranslator } from '../i18n/translator';
import { declineMessage, GENERIC_DECLINE_CODE } from './backing';

describe('declineMessage', () => {
  const es = createTranslator('es', compileCatalog(SOURCE_CATALOGS.es));

  it('says a known code’s reason in the reader’s language', () => {
    expect(es.t(declineMessage('insufficient_funds'))).toBe('Tu tarjeta no tiene fondos suficientes.');
    expect(es.t(declineMessage('expired_card'))).toBe('Tu tarjeta está vencida.');
  });

  it('says the generic decline for an unknown code, none, or a code a card thief must not learn', () => {
    const generic = 'Tu tarjeta fue rechazada.';
    expect(es.t(declineMessage(GENERIC_DECLINE_CODE))).toBe(generic);
    for (const code of ['a_code_from_next_year', 'stolen_card', 'constructor', null, undefined, '']) {
      expect(es.t(declineMessage(code)), String(code)).toBe(generic);
    }
  });
});
