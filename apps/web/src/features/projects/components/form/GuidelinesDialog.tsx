import { Button, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBulb, IconCheck } from '@tabler/icons-react';
import { useI18n } from '@/lib/i18n';

/** The eight tips of the dialog (SPEC §2): each has a title and a text in the catalogs. */
const GUIDELINES = [
  'clearTitle',
  'realisticGoal',
  'detailedDescription',
  'qualityMedia',
  'risks',
  'timeline',
  'audience',
  'marketing',
] as const;

/** 'View Project Guidelines': eight tips for a campaign that backers trust (SPEC §2). */
export function GuidelinesButton() {
  const i18n = useI18n();
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="light" leftSection={<IconBulb size={18} />} onClick={dialog.open}>
        {i18n.t('projects.guidelines.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title={<Text fw={700}>{i18n.t('projects.guidelines.title')}</Text>}
        size="lg"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {i18n.t('projects.guidelines.intro')}
          </Text>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" variant="light">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {GUIDELINES.map((tip) => (
              <List.Item key={tip}>
                <Text fw={600} size="sm">
                  {i18n.t(`projects.guidelines.${tip}.title`)}
                </Text>
                <Text size="sm" c="dimmed">
                  {i18n.t(`projects.guidelines.${tip}.text`)}
                </Text>
              </List.Item>
            ))}
          </List>
          <Button onClick={dialog.close} style={{ alignSelf: 'flex-end' }}>
            {i18n.t('projects.guidelines.close')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
