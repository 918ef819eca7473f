import { EARLY_CHOICES_SCRIPT } from './early-choices';

/**
 * The first Intl formatter of each kind a page builds loads its language's data for that kind: the first number
 * format 80–180 ms on a phone (Lighthouse's 4× CPU), a date format, a list of destinations and a country's name
 * 20–60 ms more, which fell inside the tasks in which the page comes to life (issue 55). Each is built in a task of
 * its own once the head is parsed, while the scripts download, so that no one task holds them all and the
 * translator's and the reward cards' formatters find the data loaded.
 */
const INTL_WARM_UP =
  'setTimeout(function(){var l=document.documentElement.lang,w=[' +
  "function(){new Intl.NumberFormat(l,{style:'currency',currency:'USD'}).format(1)}," +
  "function(){new Intl.DateTimeFormat(l,{year:'numeric',month:'long',day:'numeric'}).format(0)}," +
  'function(){new Intl.PluralRules(l).select(1)},' +
  "function(){new Intl.ListFormat(l,{type:'unit',style:'short'}).format(['a','b'])}," +
  "function(){new Intl.DisplayNames([l],{type:'region'}).of('US')}" +
  '];(function next(){var warm=w.shift();if(warm){warm();setTimeout(next)}})()})';

/** The one inline script of every page's head: its hash is in the Content-Security-Policy. */
export const HEAD_SCRIPT = `${EARLY_CHOICES_SCRIPT};${INTL_WARM_UP}`;
