import { TIMINGS_MS } from '@fundry/shared';
import { wantToasts } from './toasts-wanted';

type ToastColor = 'teal' | 'red' | 'yellow';

// The toasts' store loads with the component that shows them: a toast asked for before it is there shows once it is.
function show(message: string, color: ToastColor, autoClose: number) {
  wantToasts();
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ message, color, autoClose }),
  );
}

/** Toasts: top-right, 5 seconds unless a page asks for the shorter 3 (SPEC §9). */
export const notify = {
  success: (message: string, autoClose: number = TIMINGS_MS.toast) => show(message, 'teal', autoClose),
  error: (message: string, autoClose: number = TIMINGS_MS.toast) => show(message, 'red', autoClose),
  warning: (message: string, autoClose: number = TIMINGS_MS.toast) => show(message, 'yellow', autoClose),
};
