import { Group, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import classes from './Navbar.module.css';

export const CategoriesButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function CategoriesButton(props, ref) {
    return (
      <UnstyledButton ref={ref} className={classes.link} {...props}>
        <Group gap={4} wrap="nowrap">
          Categories <IconChevronDown size={14} />
        </Group>
      </UnstyledButton>
    );
  },
);
