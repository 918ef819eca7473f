import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  console.warn('Route failed to render', error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page failed to load. A newer version of Fundry may have been released.';
  return (
    <Container size="sm" py={120}>
      <Stack align="center" gap="md">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed" ta="center">
          {message}
        </Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Container>
  );
}
