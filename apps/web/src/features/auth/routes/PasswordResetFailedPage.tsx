import { Center, ThemeIcon } from '@mantine/core';
import { Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconMailOff } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { useI18n } from '@/lib/i18n';
import { AuthCard } from '../components/AuthCard';

export function PasswordResetFailedPage() {
  const i18n = useI18n();
  return (
    <AuthCard title={i18n.t('auth.resetFailed.title')}>
      <Center>
        <ThemeIcon size={64} radius="xl" variant="light" color="red">
          <IconMailOff size={34} />
        </ThemeIcon>
      </Center>
      <Text ta="center">{i18n.t('auth.resetFailed.body')}</Text>
      <Button component={Link} to="/forgot-password" fullWidth>
        {i18n.t('auth.resetFailed.tryAgain')}
      </Button>
    </AuthCard>
  );
}
