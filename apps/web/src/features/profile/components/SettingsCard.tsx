import { ThemeIcon } from '@mantine/core';
import { Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import type { ReactNode } from 'react';

export function SettingsCard({
  title,
  description,
  icon,
  color = 'teal',
  danger = false,
  children,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  color?: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-label={title}
      style={danger ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
      bg={danger ? 'red.0' : undefined}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={38} radius="md" variant="light" color={danger ? 'red' : color}>
            {icon}
          </ThemeIcon>
          <div>
            <Title order={3} fz="lg" c={danger ? 'red.8' : undefined}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
