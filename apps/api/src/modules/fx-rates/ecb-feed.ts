import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { DailyRates } from './fx-rates.repository';

/** Why the feed gave no rates: said in the log, and the last good rates stay. */
export class FeedError extends Error {}

/** The ECB quotes every reference rate per euro. */
const ECB_BASE = 'EUR';

/**
 * Reads the day's reference rates from `url` in the European Central Bank's daily format (eurofxref-daily.xml):
 * over http(s) within `timeoutMs`, or from a file: address (the demo's copy, no network).
 */
export async function readEcbFeed(url: string, timeoutMs: number): Promise<DailyRates> {
  return parseEcbXml(await download(url, timeoutMs));
}

async function download(url: string, timeoutMs: number): Promise<string> {
  if (url.startsWith('file:')) {
    return readFile(fileURLToPath(url), 'utf8').catch((error: Error) => {
      throw new FeedError(`cannot read ${url}: ${error.message}`);
    });
  }
  try {
    // The time-out covers the whole answer, body included: a feed that trickles is as good as down.
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new FeedError(`${url} answered ${response.status}`);
    return await response.text();
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new FeedError(`${url} did not answer within ${timeoutMs} ms`);
    }
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new FeedError(`cannot reach ${url}${cause}`);
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  isArray: (name) => name === 'Cube',
});

interface Cube {
  time?: string;
  currency?: string;
  rate?: string;
  Cube?: Cube[];
}

/**
 * `<Envelope><Cube><Cube time="YYYY-MM-DD"><Cube currency="USD" rate="1.0412"/>…`: the day, and each
 * currency's rate as the decimal text it is published in (never a float). Anything else is a FeedError.
 */
export function parseEcbXml(xml: string): DailyRates {
  if (XMLValidator.validate(xml) !== true) throw new FeedError('the feed is not well-formed XML');
  const document = parser.parse(xml) as { Envelope?: { Cube?: Cube[] } };
  const day = document.Envelope?.Cube?.[0]?.Cube?.[0];
  if (!day) throw new FeedError("the feed has no day of rates (Envelope > Cube > Cube time='…')");
  const { time: date } = day;
  if (!date || !isCalendarDate(date)) throw new FeedError(`the feed's day is not a date: ${String(date)}`);
  const rates: Record<string, string> = {};
  for (const { currency, rate } of day.Cube ?? []) {
    if (!currency || !/^[A-Z]{3}$/.test(currency)) {
      throw new FeedError(`the feed names a currency that is no ISO code: ${String(currency)}`);
    }
    if (!rate || !/^\d{1,9}(\.\d{1,12})?$/.test(rate) || !/[1-9]/.test(rate)) {
      throw new FeedError(`the feed's rate of ${currency} is not a positive decimal: ${String(rate)}`);
    }
    if (Object.hasOwn(rates, currency)) throw new FeedError(`the feed names ${currency} twice`);
    rates[currency] = rate;
  }
  if (Object.keys(rates).length === 0) throw new FeedError(`the feed has no rates for ${date}`);
  return { date, base: ECB_BASE, rates };
}

function isCalendarDate(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(text)
  );
}
