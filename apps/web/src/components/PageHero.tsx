import { Container, Stack, Text, Title } from '@/components/primitives/primitives';
import type { ReactNode } from 'react';

/** The coloured band that opens the informational pages. */
export function PageHero({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <div
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-teal-8) 0%, var(--mantine-color-cyan-8) 100%)',
        color: 'white',
      }}
    >
      <Container size="lg" py={72}>
        <Stack gap="md" maw={720}>
          <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.1}>
            {title}
          </Title>
          <Text fz="lg" opacity={0.9}>
            {subtitle}
          </Text>
          {children}
        </Stack>
      </Container>
    </div>
  );
}
