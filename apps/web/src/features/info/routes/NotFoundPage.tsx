import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NOT_FOUND_META } from '@fundry/shared';
import { usePageMeta } from '@/lib/page-meta';

export function NotFoundPage() {
  usePageMeta(NOT_FOUND_META, { canonical: false });
  return (
    <Container size="sm" py={120}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={96} fw={900} c="teal.7" lh={1}>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Group>
          <Button component={Link} to="/">
            Back to Home
          </Button>
          <Button component={Link} to="/projects/explore" variant="default">
            Browse Projects
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
