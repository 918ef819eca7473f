import { ActionIcon } from '@mantine/core';
import { Button } from '@/components/primitives/buttons';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { ShareInfo } from '@fundry/shared';
import { fetchShareInfo } from '@/features/projects/api/share';
import { useI18n } from '@/lib/i18n';

// The dialog loads with the share links, when someone first presses Share.
const ShareDialog = lazy(async () => ({ default: (await import('./ShareDialog')).ShareDialog }));

/** A Share button that asks for the share links and opens the dialog with them. */
export function ShareButton({
  project,
  variant = 'button',
}: {
  project: { id: number; title: string };
  variant?: 'button' | 'icon';
}) {
  const i18n = useI18n();
  const [info, setInfo] = useState<ShareInfo | null>(null);
  const [opened, setOpened] = useState(false);
  const [loading, setLoading] = useState(false);
  // The button is disabled while the links load, so focus is not on it when the dialog opens: the dialog gives
  // focus back to it by hand when it closes.
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpened(false);
    trigger.current?.focus();
  };

  const open = async () => {
    setLoading(true);
    const next = await fetchShareInfo(project);
    setLoading(false);
    setInfo(next);
    setOpened(true);
  };

  return (
    <>
      {variant === 'icon' ? (
        // The browser's own hint (title) on hover: a tooltip library would cost every project page 20 kB.
        <ActionIcon
          ref={trigger}
          variant="default"
          size="lg"
          radius="md"
          aria-label={i18n.t('projects.share.buttonLabel')}
          title={i18n.t('projects.share.buttonLabel')}
          loading={loading}
          onClick={() => void open()}
        >
          <IconShare size={18} />
        </ActionIcon>
      ) : (
        <Button
          ref={trigger}
          variant="default"
          leftSection={<IconShare size={18} />}
          loading={loading}
          onClick={() => void open()}
        >
          {i18n.t('projects.share.button')}
        </Button>
      )}
      {info && (
        <Suspense fallback={null}>
          <ShareDialog info={info} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
