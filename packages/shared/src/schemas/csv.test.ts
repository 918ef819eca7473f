import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './tools';

describe('CSV of the backers', () => {
  it('neutralises every cell a spreadsheet would read as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cell = csvCell(`${start}SUM(A1:A9)`);
      expect(cell.replace(/^"/, '').startsWith(`'${start}`), JSON.stringify(cell)).toBe(true);
    }
    // Numbers are the amounts the table is for: a negative one stays a number.
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('Plain text')).toBe('Plain text');
  });

  it('quotes cells with a comma, a quote or a line break, and doubles the quotes (RFC 4180)', () => {
    expect(csvCell('Oslo, Norway')).toBe('"Oslo, Norway"');
    expect(csvCell('The "good" one')).toBe('"The ""good"" one"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell(null)).toBe('');
  });

  it('ends rows with CRLF and starts with a byte order mark', () => {
    expect(
      toCsv([
        ['a', 1],
        ['=b', null],
      ]),
    ).toBe("\uFEFFa,1\r\n'=b,\r\n");
  });
});
