import { Text, Title } from '@/components/primitives/primitives';

/** The h1 of a signed-in person's page and the sentence under it that says what the page holds. */
export function PageHeader({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
    </div>
  );
}
