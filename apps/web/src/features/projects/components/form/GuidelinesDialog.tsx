import { Button, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBulb, IconCheck } from '@tabler/icons-react';
import { PROJECT_GUIDELINES } from '@/features/projects/messages';

/** 'View Project Guidelines': eight tips for a campaign that backers trust (SPEC §2). */
export function GuidelinesButton() {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="light" leftSection={<IconBulb size={18} />} onClick={dialog.open}>
        View Project Guidelines
      </Button>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title={<Text fw={700}>Project Guidelines</Text>}
        size="lg"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Projects that follow these tips are reviewed faster and backed more often.
          </Text>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" variant="light">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {PROJECT_GUIDELINES.map((tip) => (
              <List.Item key={tip.title}>
                <Text fw={600} size="sm">
                  {tip.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {tip.text}
                </Text>
              </List.Item>
            ))}
          </List>
          <Button onClick={dialog.close} style={{ alignSelf: 'flex-end' }}>
            Got it
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
