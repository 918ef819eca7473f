import { Container, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { Component, type ReactNode } from 'react';
import { useI18n } from '@/lib/i18n';

function RouteError() {
  const i18n = useI18n();
  return (
    <Container size="sm" py={120}>
      <Stack align="center" gap="md">
        <Title order={2}>{i18n.t('common.routeError.title')}</Title>
        <Text c="dimmed" ta="center">
          {i18n.t('common.routeError.text')}
        </Text>
        <Button onClick={() => window.location.reload()}>{i18n.t('common.routeError.reload')}</Button>
      </Stack>
    </Container>
  );
}

/** A page that throws (or whose code fails to download) shows the error page; moving to another page clears it. */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; page: string },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('Route failed to render', error);
  }

  override componentDidUpdate(previous: { page: string }) {
    if (previous.page !== this.props.page && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
