import { Alert } from '@mantine/core';
import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@/lib/router';
import { ENDED_EARLY_STATUSES, NOT_FOUND_META, updatePageMeta } from '@fundry/shared';
import { PageLoader } from '@/components/PageLoader';
import { RichTextContent } from '@/components/projects/RichTextContent';
import { api } from '@/lib/api-client';
import { isApiError, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { usePageMeta } from '@/lib/page-meta';
import { projectKeys, type ProjectResponse } from '@/lib/projects';
import { useSession, useStoredAccessToken } from '@/lib/session';
import { useUpdate } from '../api/community';
import {
  type CommentBlockButton,
  type CommentReportButton,
  CommentsThread,
} from '../components/CommentsThread';
import { LockedNotice, UpdateActions, UpdateByline } from '../components/UpdateCard';

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The project behind the update (its title and creator), from the project page's cache when there is one. */
function useProjectOf(id: number | null) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...projectKeys.detail(id ?? 0), token],
    queryFn: async ({ signal }) => (await api.get<ProjectResponse>(`projects/${id}`, undefined, signal)).data,
    enabled: id !== null,
  });
}

/** /projects/{id}/updates/{updateId}: one update, shareable, with its comments. */
export function UpdatePage({
  reportButton,
  blockButton,
}: {
  reportButton?: CommentReportButton;
  /** The creator's Block action on each comment, for the update's project. */
  blockButton?: (projectId: number) => CommentBlockButton;
}) {
  const i18n = useI18n();
  const params = useParams();
  const projectId = positiveId(params.id);
  const updateId = positiveId(params.updateId);
  const session = useSession();
  const project = useProjectOf(projectId);
  const update = useUpdate(projectId, updateId);
  // A campaign ended early keeps its updates and their comments to read only (DESIGN.md §18).
  const ended = project.data !== undefined && ENDED_EARLY_STATUSES.includes(project.data.status);
  const isCreator = session.userId !== null && session.userId === project.data?.creator_id && !ended;

  const notFound = projectId === null || updateId === null || isApiError(update.error, 404);
  usePageMeta(
    notFound
      ? NOT_FOUND_META
      : update.data && project.data && updatePageMeta(project.data.title, update.data),
    { canonical: !notFound },
  );

  let content;
  if (notFound) {
    content = (
      <Alert
        color="yellow"
        icon={<IconAlertTriangle size={18} />}
        title={i18n.t('community.updatePage.notFound')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{i18n.t('community.updatePage.notFoundHint')}</Text>
          <Button component={Link} to={projectId ? `/projects/${projectId}` : '/'} size="xs" variant="light">
            {i18n.t(projectId ? 'community.updatePage.backToProject' : 'community.updatePage.backHome')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (update.isError) {
    content = (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={i18n.t('community.updatePage.error')}
        role="alert"
      >
        {serverMessage(update.error) ?? i18n.t('community.updatePage.loadFailed')}
      </Alert>
    );
  } else if (!update.data) {
    content = <PageLoader />;
  } else {
    const view = update.data;
    content = (
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="article">
          <Stack gap="md">
            <UpdateByline update={view} />
            <Title order={1} fz={{ base: 26, sm: 34 }} lang={project.data?.language}>
              {view.title}
            </Title>
            {view.locked ? (
              <LockedNotice projectId={view.project_id} />
            ) : (
              <RichTextContent html={view.body} fallback="" lang={project.data?.language} />
            )}
            {isCreator && (
              <Group justify="flex-end">
                <UpdateActions update={view} leaveAfterDelete />
              </Group>
            )}
          </Stack>
        </Paper>
        {!view.locked && (
          <section aria-labelledby="update-comments">
            <Title order={2} fz="xl" mb="md" id="update-comments">
              {i18n.t('community.updatePage.comments', { count: view.comments_count })}
            </Title>
            <CommentsThread
              target={{ projectId: view.project_id, updateId: view.id, lang: project.data?.language }}
              isCreator={isCreator}
              reportButton={reportButton}
              closed={ended}
              blockButton={blockButton?.(view.project_id)}
            />
          </section>
        )}
      </Stack>
    );
  }

  return (
    <Container size="md" py={32}>
      <Stack gap="md">
        {projectId !== null && (
          <Anchor component={Link} to={`/projects/${projectId}`} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {project.data
                ? i18n.t('community.updatePage.backTo', { title: project.data.title })
                : i18n.t('community.updatePage.backToProject')}
            </Group>
          </Anchor>
        )}
        {content}
      </Stack>
    </Container>
  );
}
