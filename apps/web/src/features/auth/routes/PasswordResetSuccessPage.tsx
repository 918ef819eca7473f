import { Button, Center, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RESET_LINK_EXPIRY_MINUTES } from '@fundry/shared';
import { AuthCard } from '../components/AuthCard';

export function PasswordResetSuccessPage() {
  return (
    <AuthCard title="Check your email" width={480}>
      <Center>
        <ThemeIcon size={64} radius="xl" variant="light" color="teal">
          <IconMailCheck size={34} />
        </ThemeIcon>
      </Center>
      <Text ta="center">
        If an account exists for the address you entered, we have sent it a link to reset your password. The
        link expires in {RESET_LINK_EXPIRY_MINUTES} minutes and works once.
      </Text>
      <Stack gap="xs">
        <Title order={2} fz="md">
          Next steps
        </Title>
        <List type="ordered" spacing={6} size="sm">
          <List.Item>
            Open the email from Fundry (check your spam folder if it is not in your inbox).
          </List.Item>
          <List.Item>Click the reset link in the email.</List.Item>
          <List.Item>Choose a new password that meets the requirements.</List.Item>
          <List.Item>Sign in with your new password.</List.Item>
        </List>
      </Stack>
      <Group grow>
        <Button component={Link} to="/signin">
          Sign In
        </Button>
        <Button component={Link} to="/about" variant="default">
          Contact Support
        </Button>
      </Group>
    </AuthCard>
  );
}
