import { ThemeIcon } from '@mantine/core';
import { Group, Text, VisuallyHidden } from '@/components/primitives/primitives';
import { Link } from '@/lib/router';
import { Rich, useI18n } from '@/lib/i18n';
import classes from './BrandLink.module.css';

/**
 * The link's name is its text, "Fundry home" (WCAG 2.5.3: the name contains what it shows): the "F" mark is
 * decoration, and "home" is for screen readers only (the message's <hidden> part).
 */
export function BrandLink() {
  const i18n = useI18n();
  return (
    <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="filled" aria-hidden>
          <Text fw={800} size="lg" c="white">
            {i18n.t('common.brand').charAt(0)}
          </Text>
        </ThemeIcon>
        <Text fw={800} size="xl" className={classes.name}>
          <Rich
            id="common.nav.brandHome"
            tags={{ hidden: (text) => <VisuallyHidden>{text}</VisuallyHidden> }}
          />
        </Text>
      </Group>
    </Link>
  );
}
