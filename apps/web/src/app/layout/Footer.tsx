import { Box } from '@mantine/core';
import { Anchor, Container, Group, SimpleGrid, Stack, Text } from '@/components/primitives/primitives';
import { lazy, Suspense } from 'react';
import { Link } from '@/lib/router';
import { useI18n } from '@/lib/i18n';
import { BrandLink } from './BrandLink';

// Below every page's fold: the language menu's code comes after the page's own. The server renders it in place, so
// the page shows it at once and the browser takes it over when its code is in.
const LanguageMenu = lazy(async () => ({
  default: (await import('@/features/settings/components/LanguageMenu')).LanguageMenu,
}));

/** What the menu takes up (its label and an `xs` field), kept while it loads: nothing below it moves. */
const LANGUAGE_MENU_HEIGHT = 51;

/** The footer's columns of links, each named by a catalog key. */
const columns = [
  {
    titleKey: 'common.footer.explore',
    links: [
      { labelKey: 'common.footer.browseProjects', to: '/projects/explore' },
      { labelKey: 'common.footer.discoverCategories', to: '/discover' },
      { labelKey: 'common.footer.startProject', to: '/projects/create' },
    ],
  },
  {
    titleKey: 'common.footer.learn',
    links: [
      { labelKey: 'common.footer.howItWorks', to: '/how-it-works' },
      { labelKey: 'common.footer.faqs', to: '/faqs' },
      { labelKey: 'common.footer.aboutUs', to: '/about' },
    ],
  },
  {
    titleKey: 'common.footer.policies',
    links: [
      { labelKey: 'common.footer.termsOfUse', to: '/terms' },
      { labelKey: 'common.footer.privacyPolicy', to: '/privacy' },
    ],
  },
];

export function Footer() {
  const i18n = useI18n();
  return (
    <footer
      style={{
        borderTop: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      <Container size="xl" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xl">
          <Stack gap="sm">
            <BrandLink />
            <Text size="sm" c="dimmed">
              {i18n.t('common.footer.tagline')}
            </Text>
          </Stack>
          {columns.map((column) => (
            <Stack key={column.titleKey} gap={6}>
              <Text fw={700} size="sm">
                {i18n.t(column.titleKey)}
              </Text>
              {column.links.map((link) => (
                <Anchor key={link.labelKey} component={Link} to={link.to} size="sm" c="dimmed">
                  {i18n.t(link.labelKey)}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="space-between" align="flex-end" mt={40}>
          <Suspense fallback={<Box w={200} h={LANGUAGE_MENU_HEIGHT} />}>
            <LanguageMenu size="xs" />
          </Suspense>
          <Text size="xs" c="dimmed">
            {i18n.t('common.footer.copyright', { year: new Date().getFullYear() })}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/terms" size="xs" c="dimmed">
              {i18n.t('common.footer.terms')}
            </Anchor>
            <Anchor component={Link} to="/privacy" size="xs" c="dimmed">
              {i18n.t('common.footer.privacy')}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
