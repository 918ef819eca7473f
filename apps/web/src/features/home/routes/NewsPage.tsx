import { Anchor, Container, Stack, Text, Title } from '@/components/primitives/primitives';
import { Link, useParams } from '@/lib/router';
import { NEWS, newsPageMeta, NOT_FOUND_META } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { usePageMeta } from '@/lib/page-meta';
import { localizedNews } from '../news';

export function NewsPage() {
  const { slug } = useParams();
  const i18n = useI18n();
  const item = NEWS.find((news) => news.slug === slug);
  const news = item && localizedNews(i18n, item);
  usePageMeta(item ? newsPageMeta(item) : NOT_FOUND_META, { canonical: item !== undefined });
  if (!item || !news) {
    return (
      <Container size="sm" py={80}>
        <Title order={1}>{i18n.t('home.newsPage.notFound')}</Title>
        <Anchor component={Link} to="/">
          {i18n.t('home.newsPage.backHome')}
        </Anchor>
      </Container>
    );
  }
  return (
    <Container size="sm" py={56}>
      <Stack gap="md">
        <Anchor component={Link} to="/" size="sm">
          {i18n.t('home.newsPage.home')}
        </Anchor>
        <Text size="sm" c="dimmed">
          {i18n.calendarDate(item.date)}
        </Text>
        <Title order={1}>{news.title}</Title>
        {news.paragraphs.map((paragraph, index) => (
          <Text key={index}>{paragraph}</Text>
        ))}
      </Stack>
    </Container>
  );
}
