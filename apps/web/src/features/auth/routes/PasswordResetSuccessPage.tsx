import { Center, List, ThemeIcon } from '@mantine/core';
import { Group, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { RESET_LINK_EXPIRY_MINUTES } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { AuthCard } from '../components/AuthCard';

export function PasswordResetSuccessPage() {
  const i18n = useI18n();
  return (
    <AuthCard title={i18n.t('auth.resetSent.title')} width={480}>
      <Center>
        <ThemeIcon size={64} radius="xl" variant="light" color="teal">
          <IconMailCheck size={34} />
        </ThemeIcon>
      </Center>
      <Text ta="center">{i18n.t('auth.resetSent.body', { minutes: RESET_LINK_EXPIRY_MINUTES })}</Text>
      <Stack gap="xs">
        <Title order={2} fz="md">
          {i18n.t('auth.resetSent.nextSteps')}
        </Title>
        <List type="ordered" spacing={6} size="sm">
          <List.Item>{i18n.t('auth.resetSent.stepOpen')}</List.Item>
          <List.Item>{i18n.t('auth.resetSent.stepClick')}</List.Item>
          <List.Item>{i18n.t('auth.resetSent.stepChoose')}</List.Item>
          <List.Item>{i18n.t('auth.resetSent.stepSignIn')}</List.Item>
        </List>
      </Stack>
      <Group grow>
        <Button component={Link} to="/signin">
          {i18n.t('auth.resetSent.signIn')}
        </Button>
        <Button component={Link} to="/about" variant="default">
          {i18n.t('auth.resetSent.contactSupport')}
        </Button>
      </Group>
    </AuthCard>
  );
}
