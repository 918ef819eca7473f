let wanted = false;
const listeners = new Set<() => void>();

/**
 * Whether a toast has been asked for yet (lib/notify.ts): the component that shows them (app/providers.tsx) loads
 * then, not with every page, whose phone would evaluate it and restyle the page for its stylesheet while coming to
 * life (issue 55). A module of its own, so the shell takes this flag and not the toasts' helpers.
 */
export const toastsWanted = () => wanted;

export function onToastsWanted(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function wantToasts() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
