import { EARLY_CHOICES_SCRIPT } from './early-choices';

/**
 * The first Intl formatter a page builds loads its language's data: 80–110 ms on a phone (Lighthouse's 4× CPU),
 * which fell inside the long task in which the page comes to life (issue 55). Built in a task of its own once the
 * head is parsed, while the scripts download, it leaves the translator's formatters the data loaded.
 */
const INTL_WARM_UP =
  "setTimeout(function(){var l=document.documentElement.lang;new Intl.NumberFormat(l,{style:'currency',currency:'USD'}).format(1);" +
  "new Intl.DateTimeFormat(l,{year:'numeric',month:'long',day:'numeric'}).format(0);new Intl.PluralRules(l).select(1)})";

/** The one inline script of every page's head: its hash is in the Content-Security-Policy. */
export const HEAD_SCRIPT = `${EARLY_CHOICES_SCRIPT};${INTL_WARM_UP}`;
