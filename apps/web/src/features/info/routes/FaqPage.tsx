import { Accordion } from '@mantine/core';
import { Container, Stack, Title } from '@/components/primitives/primitives';
import { PageHero } from '@/components/PageHero';
import { useI18n } from '@/lib/i18n';

/** The questions by group: catalog keys of each group's title and of each question and its answer. */
const groups = [
  {
    title: 'info.faq.gettingStarted.title',
    items: [
      { q: 'info.faq.gettingStarted.whatIs.q', a: 'info.faq.gettingStarted.whatIs.a' },
      { q: 'info.faq.gettingStarted.account.q', a: 'info.faq.gettingStarted.account.a' },
      { q: 'info.faq.gettingStarted.startProject.q', a: 'info.faq.gettingStarted.startProject.a' },
    ],
  },
  {
    title: 'info.faq.funding.title',
    items: [
      { q: 'info.faq.funding.minimum.q', a: 'info.faq.funding.minimum.a' },
      { q: 'info.faq.funding.duration.q', a: 'info.faq.funding.duration.a' },
      { q: 'info.faq.funding.goalMissed.q', a: 'info.faq.funding.goalMissed.a' },
      { q: 'info.faq.funding.secure.q', a: 'info.faq.funding.secure.a' },
    ],
  },
  {
    title: 'info.faq.management.title',
    items: [
      { q: 'info.faq.management.review.q', a: 'info.faq.management.review.a' },
      { q: 'info.faq.management.editLive.q', a: 'info.faq.management.editLive.a' },
      { q: 'info.faq.management.rewards.q', a: 'info.faq.management.rewards.a' },
    ],
  },
  {
    title: 'info.faq.fees.title',
    items: [
      { q: 'info.faq.fees.platform.q', a: 'info.faq.fees.platform.a' },
      { q: 'info.faq.fees.payout.q', a: 'info.faq.fees.payout.a' },
      { q: 'info.faq.fees.backers.q', a: 'info.faq.fees.backers.a' },
    ],
  },
];

export function FaqPage() {
  const i18n = useI18n();
  return (
    <>
      <PageHero title={i18n.t('info.faq.title')} subtitle={i18n.t('info.faq.subtitle')} />
      <Container size="md" py={56}>
        <Stack gap={40}>
          {groups.map((group) => (
            <section key={group.title} aria-label={i18n.t(group.title)}>
              <Title order={2} fz="xl" mb="md">
                {i18n.t(group.title)}
              </Title>
              <Accordion variant="separated" radius="md">
                {group.items.map((item) => (
                  <Accordion.Item key={item.q} value={item.q}>
                    <Accordion.Control>{i18n.t(item.q)}</Accordion.Control>
                    <Accordion.Panel>{i18n.t(item.a)}</Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </section>
          ))}
        </Stack>
      </Container>
    </>
  );
}
