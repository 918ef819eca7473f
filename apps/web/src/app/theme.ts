import { createTheme } from '@mantine/core';
// Before the classes that override it: every other component's CSS comes with its code, after the shell's
// (decision 032), which would put Mantine's tab list after ours and undo it.
import '@mantine/core/styles/Tabs.css';
import { currentTranslator } from '@/lib/i18n';
import tabClasses from './tabs.module.css';
import { themeValues } from './theme-variables';

/** A close button's name in the page's language: read on each render, so one theme serves every locale. */
const closeButtonNamed = (key: string) => () => ({
  closeButtonProps: { 'aria-label': currentTranslator().t(key) },
});

export const theme = createTheme({
  ...themeValues,
  components: {
    // Mantine's close buttons are an icon without a name: every dialog's and drawer's has one here. (Plain
    // objects, not Modal.extend: the theme loads with every page, the dialogs only when opened.)
    Modal: { defaultProps: closeButtonNamed('common.close.dialog') },
    Drawer: { defaultProps: closeButtonNamed('common.close.menu') },
    Notification: { defaultProps: closeButtonNamed('common.close.notification') },
    Alert: { defaultProps: () => ({ closeButtonLabel: currentTranslator().t('common.close.dismiss') }) },
    // Without the placeholder a menu holds only its items (ARIA: a menu's children are menu items).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Tabs: { classNames: { list: tabClasses.list } },
  },
});

/** The fixed top navigation bar's height: main content starts this far down (SPEC §2). */
export const NAVBAR_HEIGHT = 70;
