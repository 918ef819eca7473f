import { Box, Center } from '@mantine/core';
import { Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import type { ReactNode } from 'react';

/** The centred card every account screen sits in, on a light background. */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 420,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Box bg="gray.0" mih="calc(100vh - 70px)" py={{ base: 32, sm: 64 }} px="md">
      <Center>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }} w="100%" maw={width}>
          <Stack gap="lg">
            <Stack gap={6} ta="center">
              <Title order={1} fz={26}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
