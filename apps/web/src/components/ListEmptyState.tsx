import { ThemeIcon } from '@mantine/core';
import { Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import type { ReactNode } from 'react';

/** What an empty list says instead: why it is empty and what to do next. */
export function ListEmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" ta="center">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
