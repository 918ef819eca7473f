import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { NEWS, newsPageMeta, NOT_FOUND_META } from '@fundry/shared';
import { usePageMeta } from '@/lib/page-meta';

export function NewsPage() {
  const { slug } = useParams();
  const item = NEWS.find((news) => news.slug === slug);
  usePageMeta(item ? newsPageMeta(item) : NOT_FOUND_META, { canonical: item !== undefined });
  if (!item) {
    return (
      <Container size="sm" py={80}>
        <Title order={1}>News not found</Title>
        <Anchor component={Link} to="/">
          Back to Home
        </Anchor>
      </Container>
    );
  }
  return (
    <Container size="sm" py={56}>
      <Stack gap="md">
        <Anchor component={Link} to="/" size="sm">
          ← Home
        </Anchor>
        <Text size="sm" c="dimmed">
          {new Date(item.date).toLocaleDateString(undefined, { dateStyle: 'long' })}
        </Text>
        <Title order={1}>{item.title}</Title>
        {item.body.map((paragraph) => (
          <Text key={paragraph.slice(0, 24)}>{paragraph}</Text>
        ))}
      </Stack>
    </Container>
  );
}
