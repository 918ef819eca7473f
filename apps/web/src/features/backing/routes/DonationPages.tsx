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
import { IconAlertCircle, IconCircleCheck, IconCircleX, IconCreditCard } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type Donation, formatDollars } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { formatCalendarDate, formatTimestampDate } from '@/lib/dates';
import { useCancelDonation, useChangePaymentMethod, useDonation } from '../api/backing';
import { formatAddress, PLEDGE_STATUS } from '../pledge-status';

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
      {/* A div: a value may be a badge, which a paragraph cannot hold. */}
      <Text component="div" size="sm" fw={600} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function DonationSummary({ donation }: { donation: Donation }) {
  const address = donation.shipping_address;
  return (
    <Paper bg="gray.0" radius="md" p="md" w="100%" aria-label="Your pledge">
      <Stack gap="xs">
        <Row label="Project">{donation.project_title}</Row>
        <Row label="Reward">{donation.reward_title ?? 'No reward'}</Row>
        <Row label="Amount">{formatDollars(donation.amount, 2)}</Row>
        {donation.shipping_amount > 0 && (
          <Row label="Of which shipping">{formatDollars(donation.shipping_amount, 2)}</Row>
        )}
        {address && <Row label="Ships to">{formatAddress(address)}</Row>}
        <Row label="Status">
          <Badge color={PLEDGE_STATUS[donation.status].color} variant="light">
            {PLEDGE_STATUS[donation.status].label}
          </Badge>
        </Row>
        {donation.status === 'SUCCEEDED' ? (
          <Row label="Charged on">{formatTimestampDate(donation.succeeded_at)}</Row>
        ) : donation.status === 'PAYMENT_FAILED' ? (
          donation.fix_by && <Row label="Fix by">{formatTimestampDate(donation.fix_by)}</Row>
        ) : donation.charge_date ? (
          <Row label="Charge date">{formatCalendarDate(donation.charge_date)}</Row>
        ) : (
          <Row label="Date">{formatTimestampDate(donation.created_at)}</Row>
        )}
        <Row label="Reference">{`#${donation.id}`}</Row>
      </Stack>
    </Paper>
  );
}

/** The sentence under the title: what happened to the money, in the pledge's own terms. */
function outcome(donation: Donation): string {
  switch (donation.status) {
    case 'PENDING':
      return 'The payment provider is confirming your checkout. This takes a moment.';
    case 'PLEDGED':
      return `Your card is saved and nothing has been charged. You will be charged ${formatDollars(donation.amount, 2)} on ${formatCalendarDate(donation.charge_date)} only if the project reaches its goal.`;
    case 'PAYMENT_FAILED':
      return `${donation.payment_error ?? 'Your card was declined.'} Save another card to pay ${formatDollars(donation.amount, 2)}${donation.fix_by ? ` by ${formatTimestampDate(donation.fix_by)}` : ''} to keep your pledge.`;
    case 'SUCCEEDED':
      return `Your payment for ${donation.project_title} went through. This page is your receipt; a copy is in your inbox.`;
    default:
      return `This pledge is ${PLEDGE_STATUS[donation.status].label.toLowerCase()}.`;
  }
}

/** A declined pledge is fixed from here too: another card, charged at once. */
function FixPaymentButton({ donation }: { donation: Donation }) {
  const fix = useChangePaymentMethod(donation.id);
  return (
    <Stack gap="xs" w="100%" align="center">
      <Button
        color="red"
        leftSection={<IconCreditCard size={18} />}
        loading={fix.isPending || fix.isSuccess}
        onClick={() => fix.mutate()}
      >
        Fix payment
      </Button>
      {fix.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" w="100%">
          {serverMessage(fix.error) ?? 'The payment page could not be opened. Please try again.'}
        </Alert>
      )}
    </Stack>
  );
}

/** /donation/success?donation_id=… : what was backed; a still-PENDING payment is asked about again briefly. */
export function DonationSuccessPage() {
  const [params] = useSearchParams();
  const id = donationId(params);
  const donation = useDonation(id, { poll: true });
  const data = donation.data;
  const pending = data?.status === 'PENDING';
  const declined = data?.status === 'PAYMENT_FAILED';
  // Polling stops after a while: say so rather than spin for ever.
  const gaveUp = donation.pollingStopped;

  return (
    <ResultCard
      icon={declined ? <IconAlertCircle size={38} /> : <IconCircleCheck size={38} />}
      color={declined ? 'red' : 'teal'}
      title={
        pending
          ? 'Confirming your payment…'
          : declined
            ? 'Your payment did not go through'
            : data?.status === 'SUCCEEDED'
              ? 'Thank you for backing this project!'
              : data?.status === 'PLEDGED'
                ? 'Thank you! Your pledge is confirmed'
                : 'Your pledge'
      }
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
            {gaveUp
              ? 'Your checkout is taking longer than usual to confirm. Reload this page in a minute; Backed Projects lists the pledge once it is confirmed.'
              : outcome(data)}
          </Text>
          {pending && !gaveUp && <Loader size="sm" aria-label="Confirming" />}
          {declined && <FixPaymentButton donation={data} />}
          <DonationSummary donation={data} />
        </>
      ) : (
        <Text c="dimmed">Your support has been received.</Text>
      )}
      <Group justify="center" gap="sm" mt="sm">
        {data && (
          <Button
            component={Link}
            to={`/projects/${data.project_id}`}
            h="auto"
            py={8}
            maw="100%"
            styles={{ label: { whiteSpace: 'normal' } }}
          >
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
  const donation = useDonation(id);
  // Only a checkout left open is cancelled here: a confirmed pledge is cancelled from Manage pledge.
  const open = donation.data?.status === 'PENDING';
  useEffect(() => {
    if (id === null || !open || sent.current) return;
    sent.current = true;
    mutate(id);
  }, [id, open, mutate]);

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
