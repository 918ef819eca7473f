/**
 * The footer's language and currency menus are server-rendered selects that work before the page's code has
 * arrived: on a phone the shell takes seconds, and a choice made meanwhile would be lost (issue 55). This script,
 * inlined in every page's head (its hash is in the Content-Security-Policy), keeps the last value each such
 * select was given; the menu applies it once it comes to life (`takeEarlyChoice` in the web app).
 */
export const EARLY_CHOICE_ATTRIBUTE = 'data-early-choice';

/** Where the script keeps the choices: `window[EARLY_CHOICES_GLOBAL][name] = value`. */
export const EARLY_CHOICES_GLOBAL = '__fundryEarlyChoices';

export type EarlyChoice = 'language' | 'currency';

export const EARLY_CHOICES_SCRIPT =
  `addEventListener('change',function(e){var t=e.target,n=t&&t.getAttribute&&t.getAttribute('${EARLY_CHOICE_ATTRIBUTE}');` +
  `if(n)(window.${EARLY_CHOICES_GLOBAL}=window.${EARLY_CHOICES_GLOBAL}||{})[n]=t.value},true)`;
