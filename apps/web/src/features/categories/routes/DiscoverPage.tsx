import { Alert, Card, Loader, ThemeIcon } from '@mantine/core';
import { Container, SimpleGrid, Text, Title } from '@/components/primitives/primitives';
import { IconCategory } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { PageHero } from '@/components/PageHero';
import { useI18n } from '@/lib/i18n';
import { useCategories } from '../api/categories';

export function DiscoverPage() {
  const i18n = useI18n();
  const categories = useCategories();
  return (
    <>
      <PageHero
        title={i18n.t('categories.discover.title')}
        subtitle={i18n.t('categories.discover.subtitle')}
      />
      <Container size="lg" py={56}>
        <Title order={2} mb="lg">
          {i18n.t('categories.discover.browse')}
        </Title>
        {categories.isPending && <Loader aria-label={i18n.t('categories.page.loading')} />}
        {categories.isError && (
          <Alert color="red" title={i18n.t('categories.discover.loadFailed')}>
            {categories.error.message}
          </Alert>
        )}
        {categories.data && (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="lg">
            {categories.data.map((category) => (
              <Card
                key={category.id}
                component={Link}
                to={`/category/${category.id}`}
                withBorder
                padding="lg"
                radius="md"
              >
                <ThemeIcon variant="light" size="lg" mb="sm">
                  <IconCategory size={20} />
                </ThemeIcon>
                <Text fw={600}>{category.name}</Text>
                <Text size="sm" c="dimmed">
                  {i18n.t('categories.discover.seeActive')}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}
