import { Accordion, Container, Stack, Title } from '@mantine/core';
import { PageHero } from '@/components/PageHero';
import { useI18n } from '@/lib/i18n';

/** Each group's title key, and each question's key prefix (its `.q` and `.a` messages). */
const groups = [
  {
    title: 'info.faq.gettingStarted.title',
    items: [
      'info.faq.gettingStarted.whatIs',
      'info.faq.gettingStarted.account',
      'info.faq.gettingStarted.startProject',
    ],
  },
  {
    title: 'info.faq.funding.title',
    items: [
      'info.faq.funding.minimum',
      'info.faq.funding.duration',
      'info.faq.funding.goalMissed',
      'info.faq.funding.secure',
    ],
  },
  {
    title: 'info.faq.management.title',
    items: ['info.faq.management.review', 'info.faq.management.editLive', 'info.faq.management.rewards'],
  },
  {
    title: 'info.faq.fees.title',
    items: ['info.faq.fees.platform', 'info.faq.fees.payout', 'info.faq.fees.backers'],
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
                  <Accordion.Item key={item} value={item}>
                    <Accordion.Control>{i18n.t(`${item}.q`)}</Accordion.Control>
                    <Accordion.Panel>{i18n.t(`${item}.a`)}</Accordion.Panel>
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
