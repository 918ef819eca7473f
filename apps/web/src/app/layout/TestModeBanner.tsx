import { TEST_MODE_MESSAGE } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useSiteConfig } from '@/lib/site-config';
import classes from './AppLayout.module.css';

/**
 * While the sandbox takes the pledges, every page says so. The strip is fixed to the bottom of the window, so
 * it never pushes the page down when it appears; a spacer of its height keeps it off the footer's last line.
 */
export function TestModeBanner() {
  const { data } = useSiteConfig();
  const i18n = useI18n();
  if (!data?.test_mode) return null;
  return (
    <>
      <div className={classes.testModeSpacer} />
      <p className={classes.testMode} role="status">
        {i18n.t(TEST_MODE_MESSAGE)}
      </p>
    </>
  );
}
