import { Container, Group, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { Link } from '@/lib/router';
import { NOT_FOUND_META } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { usePageMeta } from '@/lib/page-meta';

export function NotFoundPage() {
  const i18n = useI18n();
  usePageMeta(NOT_FOUND_META, { canonical: false });
  return (
    <Container size="sm" py={120}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={96} fw={900} c="teal.7" lh={1}>
          404
        </Text>
        <Title order={1}>{i18n.t('info.notFound.title')}</Title>
        <Text c="dimmed">{i18n.t('info.notFound.text')}</Text>
        <Group>
          <Button component={Link} to="/">
            {i18n.t('info.notFound.home')}
          </Button>
          <Button component={Link} to="/projects/explore" variant="default">
            {i18n.t('info.browseProjects')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
