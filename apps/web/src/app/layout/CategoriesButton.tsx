import { Group } from '@/components/primitives/primitives';
import { UnstyledButton } from '@/components/primitives/buttons';
import { IconChevronDown } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useI18n } from '@/lib/i18n';
import classes from './Navbar.module.css';

export const CategoriesButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function CategoriesButton(props, ref) {
    const i18n = useI18n();
    return (
      <UnstyledButton ref={ref} className={classes.link} {...props}>
        <Group gap={4} wrap="nowrap">
          {i18n.t('common.nav.categories')} <IconChevronDown size={14} />
        </Group>
      </UnstyledButton>
    );
  },
);
