import { Alert } from '@mantine/core';
import { Container, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconBookmark, IconBookmarkOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { PAGE_SIZES, type ProjectCard as ProjectCardData, SAVE_MESSAGES } from '@fundry/shared';
import { ListEmptyState } from '@/components/ListEmptyState';
import { PageHeader } from '@/components/PageHeader';
import { PageNavigation } from '@/components/PageNavigation';
import { ProjectGrid } from '@/components/projects/ProjectGrid';
import { ViewProjectButton } from '@/components/projects/ViewProjectButton';
import { useI18n } from '@/lib/i18n';
import { readPage, withPage } from '@/lib/pagination';
import { notify } from '@/lib/notify';
import { useSavedProjects, useSaveToggle } from '../api/saved-projects';

function EmptyState() {
  const i18n = useI18n();
  return (
    <ListEmptyState
      icon={<IconBookmark size={28} />}
      title={i18n.t('projects.saved.emptyTitle')}
      action={
        <Button component={Link} to="/projects/explore">
          {i18n.t('projects.saved.explore')}
        </Button>
      }
    >
      {i18n.t('projects.saved.emptyText')}
    </ListEmptyState>
  );
}

/** /saved-projects (SPEC §2): the projects the signed-in person saved, with Unsave and View. */
export function SavedProjectsPage() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const saved = useSavedProjects(page, PAGE_SIZES.savedProjects);
  const toggle = useSaveToggle();
  const [unsaveFailed, setUnsaveFailed] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const list = saved.data;

  const changePage = (next: number) => setParams(withPage(params, next));

  // The last project of a later page was unsaved: show the last page there is.
  const pastTheEnd = Boolean(list && !saved.isPlaceholderData && page > 1 && list.pages < page);
  const lastPage = list?.pages ?? 1;
  useEffect(() => {
    if (!pastTheEnd) return;
    setParams((current) => withPage(current, lastPage), { replace: true });
  }, [pastTheEnd, lastPage, setParams]);

  const unsave = (project: ProjectCardData) => {
    setUnsaveFailed(false);
    setRemoving(project.id);
    toggle.mutate(
      { id: project.id, save: false },
      {
        onSuccess: () => notify.success(i18n.t(SAVE_MESSAGES.removed)),
        onError: () => setUnsaveFailed(true),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <Container size="lg" py={40}>
      <Stack gap="lg">
        <PageHeader
          title={i18n.t('projects.saved.title')}
          description={i18n.t('projects.saved.description')}
        />
        {unsaveFailed && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            withCloseButton
            onClose={() => setUnsaveFailed(false)}
          >
            {i18n.t('projects.saved.unsaveFailed')}
          </Alert>
        )}
        {saved.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {i18n.t('projects.saved.loadFailed')}
          </Alert>
        ) : list && list.total === 0 ? (
          <EmptyState />
        ) : (
          <>
            {list && (
              <Text size="sm" c="dimmed" role="status">
                {i18n.t('projects.saved.count', { count: list.total })}
              </Text>
            )}
            <ProjectGrid
              source="saved"
              projects={list?.projects}
              loading={saved.isPending}
              skeletons={3}
              actions={(project) => (
                <>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconBookmarkOff size={14} />}
                    loading={removing === project.id}
                    disabled={removing !== null && removing !== project.id}
                    onClick={() => unsave(project)}
                    aria-label={i18n.t('projects.saved.unsaveLabel', { title: project.title })}
                  >
                    {i18n.t('projects.saved.unsave')}
                  </Button>
                  <ViewProjectButton project={project} />
                </>
              )}
            />
            {list && <PageNavigation page={page} total={list.pages} onChange={changePage} />}
          </>
        )}
      </Stack>
    </Container>
  );
}
