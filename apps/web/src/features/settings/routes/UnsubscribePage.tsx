import { Alert } from '@mantine/core';
import { Anchor, Container, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconCircleCheck, IconMailOff } from '@tabler/icons-react';
import { Link, useSearchParams } from '@/lib/router';
import { UNSUBSCRIBE_MESSAGES } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { Rich, useI18n } from '@/lib/i18n';
import { useUnsubscribe, useUnsubscribeCheck } from '../api/preferences';

/**
 * Where a mail's unsubscribe link leads (GET on the API redirects here): it names what the link turns off and
 * asks to confirm, so a link scanner following it changes nothing; the button POSTs, as RFC 8058 wants.
 */
export function UnsubscribePage() {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useUnsubscribeCheck(token);
  const unsubscribe = useUnsubscribe();
  // The question names the mails in words of its own (a select on the preference): a title cannot simply be
  // lowercased into a sentence in every language.
  const preference = check.data;

  let body;
  if (!token) {
    body = <Alert color="red">{i18n.t(UNSUBSCRIBE_MESSAGES.invalid)}</Alert>;
  } else if (unsubscribe.isSuccess) {
    body = (
      <Alert
        color="teal"
        icon={<IconCircleCheck size={20} />}
        title={i18n.t('settings.unsubscribe.doneTitle')}
        role="status"
      >
        {unsubscribe.data.message}
      </Alert>
    );
  } else if (check.isError || unsubscribe.isError) {
    body = (
      <Alert color="red" role="alert" title={i18n.t('settings.unsubscribe.failedTitle')}>
        {serverMessage(unsubscribe.error ?? check.error) ?? i18n.t(UNSUBSCRIBE_MESSAGES.invalid)}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md" align="flex-start">
        <Text>
          {preference
            ? i18n.t('settings.unsubscribe.question', { preference })
            : i18n.t('settings.unsubscribe.checking')}
        </Text>
        <Button
          color="red"
          leftSection={<IconMailOff size={18} />}
          disabled={!preference}
          loading={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(token)}
        >
          {i18n.t('settings.unsubscribe.button')}
        </Button>
      </Stack>
    );
  }

  return (
    <Container size="sm" py={60}>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="lg">
          <Title order={1} fz="h2">
            {i18n.t('settings.unsubscribe.title')}
          </Title>
          {body}
          <Text size="sm" c="gray.7">
            <Rich
              id="settings.unsubscribe.settingsHint"
              tags={{
                link: (text) => (
                  <Anchor component={Link} to="/settings">
                    {text}
                  </Anchor>
                ),
              }}
            />
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
