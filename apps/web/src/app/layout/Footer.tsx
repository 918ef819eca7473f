import { Anchor, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLink } from './BrandLink';

const columns = [
  {
    title: 'Explore',
    links: [
      { label: 'Browse projects', to: '/projects/explore' },
      { label: 'Discover categories', to: '/discover' },
      { label: 'Start a project', to: '/projects/create' },
    ],
  },
  {
    title: 'Learn',
    links: [
      { label: 'How it works', to: '/how-it-works' },
      { label: 'FAQs', to: '/faqs' },
      { label: 'About us', to: '/about' },
    ],
  },
  {
    title: 'Policies',
    links: [
      { label: 'Terms of use', to: '/terms' },
      { label: 'Privacy policy', to: '/privacy' },
    ],
  },
];

export function Footer() {
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
              Fund the ideas you believe in. Fundry connects creators with the people who want to see their
              projects come to life.
            </Text>
          </Stack>
          {columns.map((column) => (
            <Stack key={column.title} gap={6}>
              <Text fw={700} size="sm">
                {column.title}
              </Text>
              {column.links.map((link) => (
                <Anchor key={link.label} component={Link} to={link.to} size="sm" c="dimmed">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt={40}>
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Fundry. Open-source crowdfunding.
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/terms" size="xs" c="dimmed">
              Terms
            </Anchor>
            <Anchor component={Link} to="/privacy" size="xs" c="dimmed">
              Privacy
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
