import { Alert } from '@mantine/core';
import { Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import type { Project } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { revocationReasonText } from '@/lib/project-text';
import { Link } from '@/lib/router';

/** A project under review, or rejected with the reason, as its creator and admins see it. */
export function ReviewBanner({ project, isCreator }: { project: Project; isCreator: boolean }) {
  const i18n = useI18n();
  if (project.status === 'PENDING') {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status">
        {i18n.t('projects.detail.underReview')}
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} />}
      title={i18n.t('projects.detail.rejectedTitle')}
      data-testid="rejection-banner"
    >
      <Stack gap={4}>
        <Text size="sm">
          <Text span fw={600}>
            {i18n.t('projects.detail.rejectedReasonLabel')}
          </Text>{' '}
          {revocationReasonText(i18n, project)}
        </Text>
        {isCreator && <Text size="sm">{i18n.t('projects.detail.rejectedAdvice')}</Text>}
      </Stack>
    </Alert>
  );
}

/** The page of a project that is not there (`failure` null), or whose read failed with `failure`. */
export function ProjectUnavailable({ failure }: { failure: string | null }) {
  const i18n = useI18n();
  if (failure !== null) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={i18n.t('projects.detail.errorTitle')}
        role="alert"
      >
        {failure}
      </Alert>
    );
  }
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
      <Stack gap="sm" align="flex-start">
        {/* The page's one h1, as on every page. */}
        <Title order={1} fz="md">
          {i18n.t('projects.detail.notFound')}
        </Title>
        <Text size="sm">{i18n.t('projects.detail.notFoundHint')}</Text>
        <Button component={Link} to="/" size="xs" variant="light">
          {i18n.t('projects.detail.backHome')}
        </Button>
      </Stack>
    </Alert>
  );
}
