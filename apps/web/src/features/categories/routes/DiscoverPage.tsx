import { Alert, Card, Container, Loader, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCategory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHero } from '@/components/PageHero';
import { useCategories } from '../api/categories';

export function DiscoverPage() {
  const categories = useCategories();
  return (
    <>
      <PageHero
        title="Discover"
        subtitle="Browse projects by category and find the next thing you want to exist."
      />
      <Container size="lg" py={56}>
        <Title order={2} mb="lg">
          Browse categories
        </Title>
        {categories.isPending && <Loader aria-label="Loading categories" />}
        {categories.isError && (
          <Alert color="red" title="Categories could not be loaded">
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
                  See active projects
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}
