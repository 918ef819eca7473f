import { Alert, TextInput, type TextInputProps } from '@mantine/core';
import { Anchor, Text } from '@/components/primitives/primitives';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { Rich, useI18n } from '@/lib/i18n';

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
  const i18n = useI18n();
  return (
    <TextInput
      label={i18n.t('auth.form.email')}
      type="email"
      autoComplete="email"
      placeholder={i18n.t('auth.form.emailPlaceholder')}
      withAsterisk
      {...props}
    />
  );
}

/**
 * The line under an account form that leads to the neighbouring screen: `messageId` is a catalog key whose
 * `<link>` part is the link ("Already have an account? <link>Sign in</link>").
 */
export function AuthFooterLink({ messageId, to, state }: { messageId: string; to: string; state?: unknown }) {
  return (
    <Text size="sm" ta="center">
      <Rich
        id={messageId}
        tags={{
          link: (text) => (
            <Anchor component={Link} to={to} state={state} fw={600}>
              {text}
            </Anchor>
          ),
        }}
      />
    </Text>
  );
}
