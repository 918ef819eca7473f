import { Alert, Button, Container, Group, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { useCategories } from '@/lib/categories';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { parseProjectId, useProjectForEditing } from '../api/projects';
import { GuidelinesButton } from '../components/form/GuidelinesDialog';
import { type FormMode, ProjectForm } from '../components/form/ProjectForm';
import { PROJECT_PAGE_MESSAGES } from '../messages';

const HEADINGS: Record<FormMode, string> = {
  create: 'Create New Project',
  draft: 'Edit Draft Project',
  edit: 'Edit Project',
};

/** Statuses a creator may still edit (DESIGN.md §5); later ones are read-only. */
/** A rejected project can be fixed and resubmitted (the server refuses one that was already live). */
const EDITABLE = ['DRAFT', 'PENDING', 'ACTIVE', 'REJECTED'];

/** /projects/create, /projects/drafts/edit/{id} and /projects/edit/{projectId}: one form, three modes. */
export function ProjectFormPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const mode: FormMode = pathname.includes('/drafts/edit')
    ? 'draft'
    : params.projectId !== undefined
      ? 'edit'
      : 'create';
  const id = mode === 'create' ? null : parseProjectId(mode === 'draft' ? params.id : params.projectId);
  const session = useSession();
  const categories = useCategories();
  const project = useProjectForEditing(id);

  // Only the creator edits (SPEC §6): anyone else, like a wrong or unknown id, gets a loading failure.
  const notCreator =
    project.data !== undefined && session.userId !== null && project.data.creator_id !== session.userId;
  const loadFailed = mode !== 'create' && (id === null || project.isError || notCreator);

  useEffect(() => {
    if (categories.isError) notify.error(PROJECT_PAGE_MESSAGES.categoriesFailed);
  }, [categories.isError]);
  useEffect(() => {
    if (loadFailed) notify.error(PROJECT_PAGE_MESSAGES.draftLoadFailed);
  }, [loadFailed]);

  let content;
  if (loadFailed) {
    content = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Unable to edit" role="alert">
        {PROJECT_PAGE_MESSAGES.draftLoadFailed}
      </Alert>
    );
  } else if (mode !== 'create' && (!project.data || session.isLoading)) {
    content = <PageLoader />;
  } else if (project.data && !EDITABLE.includes(project.data.status)) {
    content = (
      <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="Read-only project">
        <Stack gap="sm" align="flex-start">
          This project can no longer be edited.
          <Button component={Link} to={`/projects/${project.data.id}`} size="xs" variant="light">
            View Project
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <ProjectForm
        key={project.data?.id ?? 'new'}
        mode={mode}
        project={project.data}
        categories={categories.data ?? []}
        categoriesLoading={categories.isPending}
      />
    );
  }

  return (
    <Container size="md" py={40}>
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {HEADINGS[mode]}
          </Title>
          <GuidelinesButton />
        </Group>
        {content}
      </Stack>
    </Container>
  );
}
