import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

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
  return (
    <Drawer opened={opened} onClose={onClose} title="Filters" position="bottom" size="85%">
      {children}
    </Drawer>
  );
}
