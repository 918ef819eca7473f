import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMailOff } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { MAIL_PREFERENCE_LABELS, UNSUBSCRIBE_MESSAGES } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useUnsubscribe, useUnsubscribeCheck } from '../api/preferences';

/**
 * Where a mail's unsubscribe link leads (GET on the API redirects here): it names what the link turns off and
 * asks to confirm, so a link scanner following it changes nothing; the button POSTs, as RFC 8058 wants.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useUnsubscribeCheck(token);
  const unsubscribe = useUnsubscribe();
  const title = check.data ? MAIL_PREFERENCE_LABELS[check.data].title : null;

  let body;
  if (!token) {
    body = <Alert color="red">{UNSUBSCRIBE_MESSAGES.invalid}</Alert>;
  } else if (unsubscribe.isSuccess) {
    body = (
      <Alert color="teal" icon={<IconCircleCheck size={20} />} title="You are unsubscribed" role="status">
        {unsubscribe.data.message}
      </Alert>
    );
  } else if (check.isError || unsubscribe.isError) {
    body = (
      <Alert color="red" role="alert" title="This link does not work">
        {serverMessage(unsubscribe.error ?? check.error) ?? UNSUBSCRIBE_MESSAGES.invalid}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md" align="flex-start">
        <Text>
          {title
            ? `Stop e-mails about ${title.toLowerCase()}? You will still see them as notifications on Fundry.`
            : 'Checking your link…'}
        </Text>
        <Button
          color="red"
          leftSection={<IconMailOff size={18} />}
          disabled={!title}
          loading={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(token)}
        >
          Unsubscribe
        </Button>
      </Stack>
    );
  }

  return (
    <Container size="sm" py={60}>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="lg">
          <Title order={1} fz="h2">
            Unsubscribe
          </Title>
          {body}
          <Text size="sm" c="gray.7">
            You can turn any of these e-mails on or off in your{' '}
            <Anchor component={Link} to="/settings">
              settings
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
