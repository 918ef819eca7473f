import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from '@/lib/i18n';

/** Explore's filters on a phone: a drawer from the bottom, loaded when first opened. */
export function FiltersDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const i18n = useI18n();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={i18n.t('discovery.filters.title')}
      position="bottom"
      size="85%"
    >
      {children}
    </Drawer>
  );
}
