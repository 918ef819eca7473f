import { Accordion, Container, Stack, Title } from '@mantine/core';
import { PageHero } from '@/components/PageHero';

const groups = [
  {
    title: 'Getting Started',
    items: [
      {
        q: 'What is Fundry?',
        a: 'Fundry is a crowdfunding platform: creators publish projects with a funding goal, dates and rewards, and backers pledge money to help them happen.',
      },
      {
        q: 'How do I create an account?',
        a: 'Choose Sign In, then register with your name, a username, your e-mail address and a password. Confirm your address through the link we e-mail you and you are ready.',
      },
      {
        q: 'How do I start a project?',
        a: 'Select Start Project, fill in the title, category, goal, dates, description and risks, add an image or video, and submit it. You can save a draft at any time and finish later.',
      },
    ],
  },
  {
    title: 'Funding & Contributions',
    items: [
      {
        q: 'What is the minimum contribution?',
        a: 'The minimum contribution is $1. A reward may ask for a higher minimum pledge.',
      },
      {
        q: 'How long do campaigns run?',
        a: 'Campaigns run between 30 and 90 days. Shorter campaigns tend to create a sense of urgency; longer ones give word of mouth time to spread.',
      },
      {
        q: 'What happens if a project does not reach its goal?',
        a: 'For all-or-nothing projects, every backer is refunded in full when the campaign ends short of its goal. Flexible projects keep what they raise.',
      },
      {
        q: 'Is my payment secure?',
        a: 'Payments are handled by our card payment provider’s checkout. Fundry never sees or stores your card number.',
      },
    ],
  },
  {
    title: 'Project Management',
    items: [
      {
        q: 'How long does project review take?',
        a: 'Our team reviews submitted projects, usually within two business days. You will see your project under Pending until it is approved.',
      },
      {
        q: 'Can I edit my project after it goes live?',
        a: 'Yes, you can update the description, media and risks. The goal and start date are locked once the campaign is live, and the end date can only move later.',
      },
      {
        q: 'How do rewards work?',
        a: 'Rewards are tiers you offer to backers who pledge at least a minimum amount, with an optional limited quantity and an estimated delivery date.',
      },
    ],
  },
  {
    title: 'Fees & Finances',
    items: [
      {
        q: 'What fees does Fundry charge?',
        a: 'Fundry charges a 5% platform fee on the funds raised, plus payment processing fees of about 2.9% + $0.30 per pledge.',
      },
      {
        q: 'How do I receive my funds?',
        a: 'Connect a bank account from your project page. Once your campaign is eligible, request a payout; withdrawals usually arrive within 5-7 business days.',
      },
      {
        q: 'Are there fees for backers?',
        a: 'No. Backers pay exactly the amount they pledge.',
      },
    ],
  },
];

export function FaqPage() {
  return (
    <>
      <PageHero
        title="Frequently Asked Questions"
        subtitle="Everything you need to know about creating, backing and getting paid on Fundry."
      />
      <Container size="md" py={56}>
        <Stack gap={40}>
          {groups.map((group) => (
            <section key={group.title} aria-label={group.title}>
              <Title order={2} fz="xl" mb="md">
                {group.title}
              </Title>
              <Accordion variant="separated" radius="md">
                {group.items.map((item) => (
                  <Accordion.Item key={item.q} value={item.q}>
                    <Accordion.Control>{item.q}</Accordion.Control>
                    <Accordion.Panel>{item.a}</Accordion.Panel>
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
