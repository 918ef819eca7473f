import { Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';

export function BrandLink() {
  return (
    <Link to="/" aria-label="Fundry home" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="filled">
          <Text fw={800} size="lg" c="white">
            F
          </Text>
        </ThemeIcon>
        <Text fw={800} size="xl" visibleFrom="xs">
          Fundry
        </Text>
      </Group>
    </Link>
  );
}
