import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type Donation, formatDollars } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { formatTimestampDate } from '@/lib/dates';
import { useCancelDonation, useDonation } from '../api/backing';

const STATUS_COLORS: Record<Donation['status'], string> = {
  PENDING: 'yellow',
  SUCCEEDED: 'green',
  CANCELED: 'gray',
  EXPIRED: 'gray',
  FAILED: 'red',
  REFUNDED: 'blue',
};

function donationId(params: URLSearchParams): number | null {
  const id = Number(params.get('donation_id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function ResultCard({
  icon,
  color,
  title,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Container size="sm" py={48}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function DonationSummary({ donation }: { donation: Donation }) {
  return (
    <Paper bg="gray.0" radius="md" p="md" w="100%" aria-label="Your pledge">
      <Stack gap="xs">
        <Row label="Project">{donation.project_title}</Row>
        <Row label="Reward">{donation.reward_title ?? 'No reward'}</Row>
        <Row label="Amount">{formatDollars(donation.amount, 2)}</Row>
        <Row label="Status">
          <Badge color={STATUS_COLORS[donation.status]} variant="light">
            {donation.status}
          </Badge>
        </Row>
        <Row label="Date">{formatTimestampDate(donation.succeeded_at ?? donation.created_at)}</Row>
      </Stack>
    </Paper>
  );
}

/** /donation/success?donation_id=… : what was backed; a still-PENDING payment is asked about again briefly. */
export function DonationSuccessPage() {
  const [params] = useSearchParams();
  const id = donationId(params);
  const donation = useDonation(id, { poll: true });
  const data = donation.data;
  const pending = data?.status === 'PENDING';

  return (
    <ResultCard
      icon={<IconCircleCheck size={38} />}
      color="teal"
      title={pending ? 'Confirming your payment…' : 'Thank you for backing this project!'}
    >
      {donation.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" w="100%">
          {serverMessage(donation.error) ?? 'We could not load your pledge, but your payment went through.'}
        </Alert>
      ) : donation.isLoading ? (
        <Loader />
      ) : data ? (
        <>
          <Text c="dimmed">
            {pending
              ? 'The payment provider is confirming your payment. This takes a moment.'
              : `Your support for ${data.project_title} has been received. A receipt is on its way to your inbox.`}
          </Text>
          {pending && <Loader size="sm" />}
          <DonationSummary donation={data} />
        </>
      ) : (
        <Text c="dimmed">Your support has been received.</Text>
      )}
      <Group justify="center" gap="sm" mt="sm">
        {data && (
          <Button component={Link} to={`/projects/${data.project_id}`}>
            Back to {data.project_title}
          </Button>
        )}
        <Button component={Link} to="/backed-projects" variant="default">
          My Backed Projects
        </Button>
      </Group>
    </ResultCard>
  );
}

/** /donation/cancel : nothing was charged; the pending pledge (and any reserved reward) is released. */
export function DonationCancelPage() {
  const [params] = useSearchParams();
  const id = donationId(params);
  const cancel = useCancelDonation();
  const sent = useRef(false);
  const { mutate } = cancel;
  useEffect(() => {
    if (id === null || sent.current) return;
    sent.current = true;
    mutate(id);
  }, [id, mutate]);
  const donation = useDonation(cancel.isSuccess || cancel.isError ? id : null);

  return (
    <ResultCard icon={<IconCircleX size={38} />} color="gray" title="Payment cancelled">
      <Text c="dimmed">Your pledge was cancelled and you have not been charged.</Text>
      {donation.data && (
        <Text size="sm" c="dimmed">
          You can back {donation.data.project_title} whenever you are ready.
        </Text>
      )}
      <Group justify="center" gap="sm" mt="sm">
        {donation.data ? (
          <Button component={Link} to={`/projects/${donation.data.project_id}`}>
            Back to {donation.data.project_title}
          </Button>
        ) : (
          <Button component={Link} to="/projects/explore">
            Browse Projects
          </Button>
        )}
        <Button component={Link} to="/dashboard" variant="default">
          Go to Dashboard
        </Button>
      </Group>
    </ResultCard>
  );
}
