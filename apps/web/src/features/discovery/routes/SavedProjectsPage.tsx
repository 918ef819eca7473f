import { Alert, Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconBookmark, IconBookmarkOff, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PAGE_SIZES, type ProjectCard as ProjectCardData, SAVE_MESSAGES } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { notify } from '@/lib/notify';
import { useSavedProjects, useSaveToggle } from '@/lib/saved-projects';
import { ProjectGrid } from '@/components/projects/ProjectGrid';
import { DISCOVERY_MESSAGES } from '../messages';

function EmptyState() {
  return (
    <Paper withBorder radius="lg" p="xl" ta="center">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconBookmark size={28} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          No saved projects yet
        </Title>
        <Text c="dimmed" maw={420}>
          Save a project from its page to keep an eye on it; it will wait for you here.
        </Text>
        <Button component={Link} to="/projects/explore">
          Explore Projects
        </Button>
      </Stack>
    </Paper>
  );
}

/** /saved-projects (SPEC §2): the projects the signed-in person saved, with Unsave and View. */
export function SavedProjectsPage() {
  const [params, setParams] = useSearchParams();
  const requested = Math.floor(Number(params.get('page')));
  const page = Number.isFinite(requested) && requested > 1 ? requested : 1;
  const saved = useSavedProjects(page, PAGE_SIZES.savedProjects);
  const toggle = useSaveToggle();
  const [unsaveFailed, setUnsaveFailed] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const list = saved.data;

  const changePage = (next: number) => {
    const query = new URLSearchParams(params);
    if (next > 1) query.set('page', String(next));
    else query.delete('page');
    setParams(query);
  };

  // The last project of a later page was unsaved: show the last page there is.
  const pastTheEnd = Boolean(list && !saved.isPlaceholderData && page > 1 && list.pages < page);
  const lastPage = list?.pages ?? 1;
  useEffect(() => {
    if (!pastTheEnd) return;
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (lastPage > 1) query.set('page', String(lastPage));
        else query.delete('page');
        return query;
      },
      { replace: true },
    );
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
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Saved Projects
          </Title>
          <Text c="dimmed">Projects you are keeping an eye on.</Text>
        </div>
        {unsaveFailed && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            withCloseButton
            onClose={() => setUnsaveFailed(false)}
          >
            {DISCOVERY_MESSAGES.unsaveFailed}
          </Alert>
        )}
        {saved.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {DISCOVERY_MESSAGES.savedFailed}
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
                  <Button
                    component={Link}
                    to={`/projects/${project.id}`}
                    size="xs"
                    variant="light"
                    leftSection={<IconExternalLink size={14} />}
                    aria-label={`View ${project.title}`}
                  >
                    View
                  </Button>
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
