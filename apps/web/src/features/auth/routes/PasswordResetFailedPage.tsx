import { Button, Center, Text, ThemeIcon } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthCard } from '../components/AuthCard';

export function PasswordResetFailedPage() {
  return (
    <AuthCard title="Password reset failed">
      <Center>
        <ThemeIcon size={64} radius="xl" variant="light" color="red">
          <IconMailOff size={34} />
        </ThemeIcon>
      </Center>
      <Text ta="center">
        We could not send password reset instructions. Please check the address and try again in a few
        minutes.
      </Text>
      <Button component={Link} to="/forgot-password" fullWidth>
        Try Again
      </Button>
    </AuthCard>
  );
}
