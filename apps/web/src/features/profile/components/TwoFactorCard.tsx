import {
  ActionIcon,
  Alert,
  Badge,
  Center,
  Code,
  CopyButton,
  Image,
  Loader,
  Modal,
  TextInput,
  type TextInputProps,
  Tooltip,
} from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { AUTH_MESSAGES, type Translator, TWO_FACTOR_CODE_LENGTH } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { isApiError } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
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

/**
 * SPEC §4 "Two-factor setup": loading, initial, verifying, QR code in a dialog, complete. While verifying,
 * `message` is the server's or a catalog key.
 */
type Step =
  { name: 'initial' } | { name: 'verifying'; message: string } | { name: 'qr'; setup: TwoFactorSetup };

const CODE_PATTERN = new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`);
const codeRule = (i18n: Translator) => (value: string) =>
  CODE_PATTERN.test(value.trim())
    ? null
    : i18n.t('profile.twoFactor.codeInvalid', { length: TWO_FACTOR_CODE_LENGTH });

/** A wrong code reads as such; no answer at all keeps its own message (a catalog key too). */
function codeError(error: unknown, wrongCode: string, i18n: Translator): string {
  return i18n.t(isApiError(error, 0) ? error.message : wrongCode);
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
  const i18n = useI18n();
  const complete = useCompleteTwoFactorSetup();
  const form = useForm({ initialValues: { code: '' }, validate: { code: codeRule(i18n) } });
  const submit = form.onSubmit(({ code }) => {
    complete.mutate(code.trim(), {
      onSuccess: (response) => onVerified(response.data),
      onError: (error) => {
        form.setFieldError('code', true);
        notify.error(codeError(error, AUTH_MESSAGES.invalidVerificationCode, i18n));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          {i18n.t('profile.twoFactor.codeSent', { message: i18n.t(message) })}
        </Alert>
        <CodeInput label={i18n.t('profile.twoFactor.verificationCode')} {...form.getInputProps('code')} />
        <Group gap="sm">
          <Button type="submit" loading={complete.isPending}>
            {i18n.t('profile.twoFactor.verifyCode')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={complete.isPending}>
            {i18n.t('profile.twoFactor.cancel')}
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
  const i18n = useI18n();
  const confirm = useConfirmTwoFactor();
  const form = useForm({ initialValues: { code: '' }, validate: { code: codeRule(i18n) } });
  const submit = form.onSubmit(({ code }) => {
    confirm.mutate(code.trim(), {
      onSuccess: (response) => onEnabled(response.message || i18n.t(AUTH_MESSAGES.twoFactorEnabled)),
      onError: (error) => {
        form.setFieldError('code', true);
        notify.error(codeError(error, AUTH_MESSAGES.invalid2faCode, i18n));
      },
    });
  });
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      radius="lg"
      title={<Text fw={700}>{i18n.t('profile.twoFactor.dialogTitle')}</Text>}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{i18n.t('profile.twoFactor.scan', { length: TWO_FACTOR_CODE_LENGTH })}</Text>
          <Center>
            <Image
              src={setup.qr_code}
              alt={i18n.t('profile.twoFactor.qrAlt')}
              w={200}
              h={200}
              fit="contain"
              radius="md"
              style={{ border: '1px solid var(--mantine-color-gray-3)' }}
            />
          </Center>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {i18n.t('profile.twoFactor.cannotScan')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Code
                block
                style={{ flex: 1, wordBreak: 'break-all' }}
                aria-label={i18n.t('profile.twoFactor.secretLabel')}
              >
                {setup.secret}
              </Code>
              <CopyButton value={setup.secret} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip
                    label={i18n.t(copied ? 'profile.twoFactor.copied' : 'profile.twoFactor.copyKey')}
                    withArrow
                  >
                    <ActionIcon
                      variant="light"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label={i18n.t(copied ? 'profile.twoFactor.copied' : 'profile.twoFactor.copyKey')}
                      size="lg"
                    >
                      {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
          <CodeInput
            label={i18n.t('profile.twoFactor.authenticatorCode')}
            data-autofocus
            {...form.getInputProps('code')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={confirm.isPending}>
              {i18n.t('profile.twoFactor.cancel')}
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              {i18n.t('profile.twoFactor.verifyAndEnable')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function TwoFactorCard() {
  const i18n = useI18n();
  const status = useTwoFactorStatus(true);
  const initiate = useInitiateTwoFactorSetup();
  const revoke = useRevokeTwoFactor();
  const [step, setStep] = useState<Step>({ name: 'initial' });
  const [confirmingDisable, setConfirmingDisable] = useState(false);

  const startSetup = () =>
    initiate.mutate(undefined, {
      onSuccess: (response) =>
        setStep({ name: 'verifying', message: response.message || AUTH_MESSAGES.twoFactorCodeSent }),
      onError: () => notify.error(i18n.t(PROFILE_MESSAGES.initiateTwoFactorFailed)),
    });

  const disable = () =>
    revoke.mutate(undefined, {
      onSuccess: (response) => {
        setConfirmingDisable(false);
        setStep({ name: 'initial' });
        notify.success(response.message || i18n.t(AUTH_MESSAGES.twoFactorDisabled));
      },
      onError: () => notify.error(i18n.t(PROFILE_MESSAGES.disableTwoFactorFailed)),
    });

  let body;
  if (status.isPending) {
    body = (
      <Group gap="sm">
        <Loader size="sm" aria-label={i18n.t('profile.twoFactor.loadingLabel')} />
        <Text size="sm" c="dimmed">
          {i18n.t('profile.twoFactor.checking')}
        </Text>
      </Group>
    );
  } else if (status.isError) {
    body = (
      <Alert color="red" title={i18n.t('profile.twoFactor.loadFailed')}>
        <Button size="xs" variant="white" mt="xs" onClick={() => void status.refetch()}>
          {i18n.t('profile.twoFactor.tryAgain')}
        </Button>
      </Alert>
    );
  } else if (status.data.is_enabled) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Badge color="teal" variant="light" size="lg" leftSection={<IconCheck size={14} />}>
          {i18n.t('profile.twoFactor.enabled')}
        </Badge>
        <Text size="sm">{i18n.t('profile.twoFactor.enabledBody')}</Text>
        <Button color="red" variant="light" onClick={() => setConfirmingDisable(true)}>
          {i18n.t('profile.twoFactor.disable')}
        </Button>
        <ConfirmDialog
          opened={confirmingDisable}
          title={i18n.t('profile.twoFactor.disableConfirmTitle')}
          confirmLabel={i18n.t('profile.twoFactor.disableConfirmButton')}
          loading={revoke.isPending}
          onConfirm={disable}
          onClose={() => setConfirmingDisable(false)}
        >
          {i18n.t('profile.twoFactor.disableConfirmBody')}
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
          {i18n.t('profile.twoFactor.disabled')}
        </Badge>
        <Text size="sm">{i18n.t('profile.twoFactor.disabledBody')}</Text>
        <Button onClick={startSetup} loading={initiate.isPending}>
          {i18n.t('profile.twoFactor.enable')}
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
      title={i18n.t('profile.twoFactor.title')}
      description={i18n.t('profile.twoFactor.description')}
      icon={<IconShieldLock size={20} />}
    >
      {body}
    </SettingsCard>
  );
}
