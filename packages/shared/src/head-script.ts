import { EARLY_CHOICES_SCRIPT } from './early-choices';
import { DEFAULT_LOCALE } from './i18n/locales';

/** Where the server sends INTL_WARM_UP_WORKER from, same origin: the pages' script policy allows it. */
export const INTL_WARM_UP_PATH = '/intl-warm-up.js';

/**
 * A page's first Intl formatter loads the formatting library's data: 20–130 ms for the first number format on this
 * host, 4× that on Lighthouse's phone, and the date, list and region formats more. Those data are shared by the
 * whole page process, so a worker builds each kind the translator and the reward cards use, in the page's
 * language (`?lang=`), off the main thread while the page's scripts download; the page's own formatters then take a
 * fraction of a millisecond (issue 55). It ends itself, and a language Intl rejects only ends it sooner.
 */
export const INTL_WARM_UP_WORKER =
  `var l=new URLSearchParams(location.search).get('lang')||'${DEFAULT_LOCALE}';try{` +
  "new Intl.NumberFormat(l,{style:'currency',currency:'USD'}).format(1);" +
  "new Intl.DateTimeFormat(l,{year:'numeric',month:'long',day:'numeric'}).format(0);" +
  'new Intl.PluralRules(l).select(1);' +
  "new Intl.ListFormat(l,{type:'unit',style:'short'}).format(['a','b']);" +
  "new Intl.DisplayNames([l],{type:'region'}).of('US')" +
  '}catch(e){}close()';

/** Starts the warm-up worker; a browser without workers formats as before, only later. */
const INTL_WARM_UP = `try{new Worker('${INTL_WARM_UP_PATH}?lang='+encodeURIComponent(document.documentElement.lang))}catch(e){}`;

/** The one inline script of every page's head: its hash is in the Content-Security-Policy. */
export const HEAD_SCRIPT = `${EARLY_CHOICES_SCRIPT};${INTL_WARM_UP}`;
