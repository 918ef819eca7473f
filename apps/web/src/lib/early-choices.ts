import { useEffect, useEffectEvent } from 'react';
import { type EarlyChoice, EARLY_CHOICES_GLOBAL } from '@fundry/shared';

declare global {
  interface Window {
    [EARLY_CHOICES_GLOBAL]?: Partial<Record<EarlyChoice, string>>;
  }
}

/**
 * The value a menu's select was given last, as the page's inline script kept it (`EARLY_CHOICES_SCRIPT`), taken
 * once: a choice made before the page came to life, or the one the change being handled made.
 */
export function takeEarlyChoice(name: EarlyChoice): string | undefined {
  const choices = window[EARLY_CHOICES_GLOBAL];
  const value = choices?.[name];
  if (choices) delete choices[name];
  return value;
}

/** Applies, once the menu is alive, what its select was set to while the page's code was still on its way. */
export function useEarlyChoice(name: EarlyChoice, apply: (value: string) => void) {
  const applyOnce = useEffectEvent(apply);
  // Only what happened before the menu came to life counts; later changes come through the select's own handler.
  useEffect(() => {
    const value = takeEarlyChoice(name);
    if (value !== undefined) applyOnce(value);
  }, [name]);
}
