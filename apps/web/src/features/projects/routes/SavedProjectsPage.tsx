import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconBookmark, IconBookmarkOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PAGE_SIZES, type ProjectCard as ProjectCardData, SAVE_MESSAGES } from '@fundry/shared';
import { ListEmptyState } from '@/components/ListEmptyState';
import { PageHeader } from '@/components/PageHeader';
import { PageNavigation } from '@/components/PageNavigation';
import { ProjectGrid } from '@/components/projects/ProjectGrid';
import { ViewProjectButton } from '@/components/projects/ViewProjectButton';
import { readPage, withPage } from '@/lib/pagination';
import { notify } from '@/lib/notify';
import { useSavedProjects, useSaveToggle } from '../api/saved-projects';
import { PROJECT_PAGE_MESSAGES } from '../messages';

function EmptyState() {
  return (
    <ListEmptyState
      icon={<IconBookmark size={28} />}
      title="No saved projects yet"
      action={
        <Button component={Link} to="/projects/explore">
          Explore Projects
        </Button>
      }
    >
      Save a project from its page to keep an eye on it; it will wait for you here.
    </ListEmptyState>
  );
}

/** /saved-projects (SPEC §2): the projects the signed-in person saved, with Unsave and View. */
export function SavedProjectsPage() {
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
        onSuccess: () => notify.success(SAVE_MESSAGES.removed),
        onError: () => setUnsaveFailed(true),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <Container size="lg" py={40}>
      <Stack gap="lg">
        <PageHeader title="Saved Projects" description="Projects you are keeping an eye on." />
        {unsaveFailed && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            withCloseButton
            onClose={() => setUnsaveFailed(false)}
          >
            {PROJECT_PAGE_MESSAGES.unsaveFailed}
          </Alert>
        )}
        {saved.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {PROJECT_PAGE_MESSAGES.savedFailed}
          </Alert>
        ) : list && list.total === 0 ? (
          <EmptyState />
        ) : (
          <>
            {list && (
              <Text size="sm" c="dimmed" role="status">
                {list.total === 1 ? '1 saved project' : `${list.total} saved projects`}
              </Text>
            )}
            <ProjectGrid
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
                    aria-label={`Unsave ${project.title}`}
                  >
                    Unsave
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
