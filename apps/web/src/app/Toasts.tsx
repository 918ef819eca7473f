// The toasts' styles come with them, after the page (decision 032), not in every page's first stylesheet.
import '@mantine/notifications/styles.css';

export { Notifications as Toasts } from '@mantine/notifications';
