import { notifications } from '@mantine/notifications';
import { TIMINGS_MS } from '@fundry/shared';

/** Toasts: top-right, 5 seconds unless a page asks for the shorter 3 (SPEC §9). */
export const notify = {
  success: (message: string, autoClose: number = TIMINGS_MS.toast) =>
    notifications.show({ message, color: 'teal', autoClose }),
  error: (message: string, autoClose: number = TIMINGS_MS.toast) =>
    notifications.show({ message, color: 'red', autoClose }),
  warning: (message: string, autoClose: number = TIMINGS_MS.toast) =>
    notifications.show({ message, color: 'yellow', autoClose }),
};
