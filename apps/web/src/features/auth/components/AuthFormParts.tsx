import { Alert, Anchor, Text, TextInput, type TextInputProps } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What went wrong with the last submit, read out by screen readers as soon as it shows. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}

/** What the last submit achieved, announced politely. */
export function SuccessNote({ children }: { children: ReactNode }) {
  return (
    <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
      {children}
    </Alert>
  );
}

/** The account's email address, as every account form asks for it. */
export function EmailInput(props: Omit<TextInputProps, 'label' | 'type' | 'autoComplete' | 'placeholder'>) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      withAsterisk
      {...props}
    />
  );
}

/** The line under an account form that leads to the neighbouring screen ("Already have an account? Sign in"). */
export function AuthFooterLink({
  prompt,
  to,
  state,
  children,
}: {
  prompt?: string;
  to: string;
  state?: unknown;
  children: ReactNode;
}) {
  return (
    <Text size="sm" ta="center">
      {prompt && `${prompt} `}
      <Anchor component={Link} to={to} state={state} fw={600}>
        {children}
      </Anchor>
    </Text>
  );
}
