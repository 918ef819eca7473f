import { Paper, Text } from '@/components/primitives/primitives';

/** A figure over its label, as the creator's card and dialog show their counts. */
export function Count({ label, value }: { label: string; value: string }) {
  return (
    <Paper bg="gray.0" radius="md" p="xs" ta="center">
      <Text fw={700}>{value}</Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}
