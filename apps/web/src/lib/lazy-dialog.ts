import { useRef, useState } from 'react';

/**
 * A dialog whose code loads when it is first opened (`React.lazy`): `state` stays null until then, so the page
 * does not download it, and the dialog stays mounted once it has been. `value` is what it was opened with.
 * The dialog appears already open the first time, before Mantine could note where focus was: the control that
 * opened it is kept here and given focus back on close.
 */
export function useLazyDialog<T = void>() {
  const [state, setState] = useState<{ opened: boolean; value: T } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  return {
    state,
    open: (value: T) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setState({ opened: true, value });
    },
    close: () => {
      setState((current) => current && { ...current, opened: false });
      opener.current?.focus();
    },
  };
}
