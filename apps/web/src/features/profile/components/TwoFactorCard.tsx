import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { AUTH_MESSAGES, TWO_FACTOR_CODE_LENGTH } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { isApiError } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import {
  type TwoFactorSetup,
  useCompleteTwoFactorSetup,
  useConfirmTwoFactor,
  useInitiateTwoFactorSetup,
  useRevokeTwoFactor,
  useTwoFactorStatus,
} from '../api/security';
import { PROFILE_MESSAGES } from '../messages';
import { SettingsCard } from './SettingsCard';

/** SPEC §4 "Two-factor setup": loading, initial, verifying, QR code in a dialog, complete. */
type Step =
  { name: 'initial' } | { name: 'verifying'; message: string } | { name: 'qr'; setup: TwoFactorSetup };

const CODE_PATTERN = new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`);
const codeRule = (value: string) =>
  CODE_PATTERN.test(value.trim()) ? null : `Enter the ${TWO_FACTOR_CODE_LENGTH}-digit code`;

/** A wrong code reads as such; no answer at all keeps its own message. */
function codeError(error: unknown, wrongCode: string): string {
  return isApiError(error, 0) ? error.message : wrongCode;
}

function CodeInput(props: TextInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={TWO_FACTOR_CODE_LENGTH}
      placeholder="123456"
      maw={220}
      styles={{ input: { letterSpacing: 4, fontSize: 18 } }}
      {...props}
    />
  );
}

function EmailCodeStep({
  message,
  onVerified,
  onCancel,
}: {
  message: string;
  onVerified: (setup: TwoFactorSetup) => void;
  onCancel: () => void;
}) {
  const complete = useCompleteTwoFactorSetup();
  const form = useForm({ initialValues: { code: '' }, validate: { code: codeRule } });
  const submit = form.onSubmit(({ code }) => {
    complete.mutate(code.trim(), {
      onSuccess: (response) => onVerified(response.data),
      onError: (error) => {
        form.setFieldError('code', true);
        notify.error(codeError(error, AUTH_MESSAGES.invalidVerificationCode));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          {message} Enter it below to continue.
        </Alert>
        <CodeInput label="Verification code" {...form.getInputProps('code')} />
        <Group gap="sm">
          <Button type="submit" loading={complete.isPending}>
            Verify Code
          </Button>
          <Button variant="default" onClick={onCancel} disabled={complete.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function QrCodeDialog({
  setup,
  onEnabled,
  onClose,
}: {
  setup: TwoFactorSetup;
  onEnabled: (message: string) => void;
  onClose: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const form = useForm({ initialValues: { code: '' }, validate: { code: codeRule } });
  const submit = form.onSubmit(({ code }) => {
    confirm.mutate(code.trim(), {
      onSuccess: (response) => onEnabled(response.message || AUTH_MESSAGES.twoFactorEnabled),
      onError: (error) => {
        form.setFieldError('code', true);
        notify.error(codeError(error, AUTH_MESSAGES.invalid2faCode));
      },
    });
  });
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      radius="lg"
      title={<Text fw={700}>Set up your authenticator app</Text>}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Scan this QR code with an authenticator app (such as Google Authenticator, Authy or 1Password),
            then enter the 6-digit code it shows.
          </Text>
          <Center>
            <Image
              src={setup.qr_code}
              alt="QR code for your authenticator app"
              w={200}
              h={200}
              fit="contain"
              radius="md"
              style={{ border: '1px solid var(--mantine-color-gray-3)' }}
            />
          </Center>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Cannot scan it? Enter this key in the app instead:
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Code block style={{ flex: 1, wordBreak: 'break-all' }} aria-label="Two-factor secret key">
                {setup.secret}
              </Code>
              <CopyButton value={setup.secret} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy key'} withArrow>
                    <ActionIcon
                      variant="light"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label={copied ? 'Copied' : 'Copy key'}
                      size="lg"
                    >
                      {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
          <CodeInput label="Authenticator code" data-autofocus {...form.getInputProps('code')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={confirm.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              Verify and Enable
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function TwoFactorCard() {
  const status = useTwoFactorStatus(true);
  const initiate = useInitiateTwoFactorSetup();
  const revoke = useRevokeTwoFactor();
  const [step, setStep] = useState<Step>({ name: 'initial' });
  const [confirmingDisable, setConfirmingDisable] = useState(false);

  const startSetup = () =>
    initiate.mutate(undefined, {
      onSuccess: (response) =>
        setStep({ name: 'verifying', message: response.message || AUTH_MESSAGES.twoFactorCodeSent }),
      onError: () => notify.error(PROFILE_MESSAGES.initiateTwoFactorFailed),
    });

  const disable = () =>
    revoke.mutate(undefined, {
      onSuccess: (response) => {
        setConfirmingDisable(false);
        setStep({ name: 'initial' });
        notify.success(response.message || AUTH_MESSAGES.twoFactorDisabled);
      },
      onError: () => notify.error(PROFILE_MESSAGES.disableTwoFactorFailed),
    });

  let body;
  if (status.isPending) {
    body = (
      <Group gap="sm">
        <Loader size="sm" aria-label="Loading two-factor status" />
        <Text size="sm" c="dimmed">
          Checking two-factor status…
        </Text>
      </Group>
    );
  } else if (status.isError) {
    body = (
      <Alert color="red" title="Two-factor status could not be loaded">
        <Button size="xs" variant="white" mt="xs" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (status.data.is_enabled) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Badge color="teal" variant="light" size="lg" leftSection={<IconCheck size={14} />}>
          Enabled
        </Badge>
        <Text size="sm">Signing in asks for a code from your authenticator app.</Text>
        <Button color="red" variant="light" onClick={() => setConfirmingDisable(true)}>
          Disable Two-Factor Authentication
        </Button>
        <ConfirmDialog
          opened={confirmingDisable}
          title="Disable two-factor authentication?"
          confirmLabel="Disable 2FA"
          loading={revoke.isPending}
          onConfirm={disable}
          onClose={() => setConfirmingDisable(false)}
        >
          Signing in will no longer ask for a code from your authenticator app, which makes your account
          easier to break into. You can enable it again at any time.
        </ConfirmDialog>
      </Stack>
    );
  } else if (step.name === 'verifying') {
    body = (
      <EmailCodeStep
        message={step.message}
        onVerified={(setup) => setStep({ name: 'qr', setup })}
        onCancel={() => setStep({ name: 'initial' })}
      />
    );
  } else {
    body = (
      <Stack gap="sm" align="flex-start">
        <Badge color="gray" variant="light" size="lg">
          Disabled
        </Badge>
        <Text size="sm">
          Protect your account with a second step: after your password, signing in asks for a code from an
          authenticator app on your phone.
        </Text>
        <Button onClick={startSetup} loading={initiate.isPending}>
          Enable Two-Factor Authentication
        </Button>
        {step.name === 'qr' && (
          <QrCodeDialog
            setup={step.setup}
            onEnabled={(message) => {
              setStep({ name: 'initial' });
              notify.success(message);
            }}
            onClose={() => setStep({ name: 'initial' })}
          />
        )}
      </Stack>
    );
  }

  return (
    <SettingsCard
      title="Two-Factor Authentication"
      description="Add a second step to signing in with an authenticator app."
      icon={<IconShieldLock size={20} />}
    >
      {body}
    </SettingsCard>
  );
}
