import { Alert } from '@mantine/core';
import { Container, Group, Stack, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from '@/lib/router';
import { PageLoader } from '@/components/PageLoader';
import { useCategories } from '@/lib/categories';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { parseProjectId, useProjectForEditing } from '../api/projects';
import { GuidelinesButton } from '../components/form/GuidelinesDialog';
import { type FormMode, ProjectForm } from '../components/form/ProjectForm';

const HEADINGS: Record<FormMode, string> = {
  create: 'projects.formPage.createHeading',
  draft: 'projects.formPage.draftHeading',
  edit: 'projects.formPage.editHeading',
};

/** Statuses a creator may still edit (DESIGN.md §5); later ones are read-only. */
/** A rejected project can be fixed and resubmitted (the server refuses one that was already live). */
const EDITABLE = ['DRAFT', 'PENDING', 'ACTIVE', 'REJECTED'];

/** /projects/create, /projects/drafts/edit/{id} and /projects/edit/{projectId}: one form, three modes. */
export function ProjectFormPage() {
  const i18n = useI18n();
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
    if (categories.isError) notify.error(i18n.t('projects.formPage.categoriesFailed'));
  }, [categories.isError, i18n]);
  useEffect(() => {
    if (loadFailed) notify.error(i18n.t('projects.formPage.loadFailed'));
  }, [loadFailed, i18n]);

  let content;
  if (loadFailed) {
    content = (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={i18n.t('projects.formPage.loadFailedTitle')}
        role="alert"
      >
        {i18n.t('projects.formPage.loadFailed')}
      </Alert>
    );
  } else if (mode !== 'create' && (!project.data || session.isLoading)) {
    content = <PageLoader />;
  } else if (project.data && !EDITABLE.includes(project.data.status)) {
    content = (
      <Alert
        color="yellow"
        icon={<IconAlertCircle size={18} />}
        title={i18n.t('projects.formPage.readOnlyTitle')}
      >
        <Stack gap="sm" align="flex-start">
          {i18n.t('projects.formPage.readOnly')}
          <Button component={Link} to={`/projects/${project.data.id}`} size="xs" variant="light">
            {i18n.t('projects.formPage.viewProject')}
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
            {i18n.t(HEADINGS[mode])}
          </Title>
          <GuidelinesButton />
        </Group>
        {content}
      </Stack>
    </Container>
  );
}
