import {
  getFontSize,
  getSize,
  Loader,
  type MantineColor,
  rem,
  Transition,
  useMantineTheme,
} from '@mantine/core';
// Mantine's classes and their CSS, without the components' code (mantine-styles-plugin.ts), in Mantine's order.
import unstyledButtonClasses from 'mantine-classes:UnstyledButton';
import buttonClasses from 'mantine-classes:Button';
import type {
  AnchorHTMLAttributes,
  ButtonHTMLAttributes,
  CSSProperties,
  ElementType,
  ReactNode,
  Ref,
} from 'react';
import type { Link, LinkProps } from '@/lib/router';
import { classNames, type LightStyleProps, splitStyleProps } from './style-props';

/*
 * Mantine's UnstyledButton and Button without its `Box` (decision 018): the same markup to the byte, as
 * `primitives.test.tsx` checks, for the props our pages pass. A Button was four of Mantine's components (Button,
 * UnstyledButton and a Box for each span), each resolving its props and styles against the theme.
 */

/**
 * Mantine's UnstyledButton's classes around `className`: its focus ring (the theme's `auto`) before, its own after.
 */
function unstyledButtonClassName(className: string | undefined, responsive: string | undefined) {
  return classNames(
    'mantine-focus-auto',
    className,
    unstyledButtonClasses.root,
    'mantine-UnstyledButton-root',
    responsive,
  );
}

export interface UnstyledButtonProps
  extends LightStyleProps, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  ref?: Ref<HTMLButtonElement>;
}

export function UnstyledButton({ className, style, ...props }: UnstyledButtonProps) {
  const theme = useMantineTheme();
  const { style: styleProps, responsive, rest } = splitStyleProps(props, theme);
  return (
    <button
      style={{ ...style, ...styleProps }}
      className={unstyledButtonClassName(className, responsive)}
      type="button"
      {...rest}
    />
  );
}

// Mantine's: the loader drops in from above while the button waits.
const loaderTransition = {
  in: { opacity: 1, transform: `translate(-50%, calc(-50% + ${rem(1)}))` },
  out: { opacity: 0, transform: 'translate(-50%, -200%)' },
  common: { transformOrigin: 'center' },
  transitionProperty: 'transform, opacity',
};

interface ButtonOwnProps extends LightStyleProps {
  variant?: 'filled' | 'light' | 'outline' | 'subtle' | 'default' | 'white';
  color?: MantineColor;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'compact-xs' | 'compact-sm';
  fullWidth?: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** Disables the button and shows Mantine's loader over its label. */
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export type ButtonProps = ButtonOwnProps &
  (
    | ({ component?: undefined; ref?: Ref<HTMLButtonElement> } & Omit<
        ButtonHTMLAttributes<HTMLButtonElement>,
        'color'
      >)
    | ({ component: 'a'; ref?: Ref<HTMLAnchorElement> } & Omit<
        AnchorHTMLAttributes<HTMLAnchorElement>,
        'color'
      >)
    | ({ component: typeof Link } & Omit<LinkProps, 'color'>)
  );

export function Button({
  variant,
  color,
  size,
  fullWidth,
  leftSection,
  rightSection,
  loading,
  disabled,
  component,
  className,
  style,
  children,
  ...props
}: ButtonProps) {
  const theme = useMantineTheme();
  const { style: styleProps, responsive, rest } = splitStyleProps(props, theme);
  const colors = theme.variantColorResolver({
    color: color || theme.primaryColor,
    theme,
    variant: variant || 'filled',
  });
  // As Mantine's: without a colour or a variant the stylesheet's filled primary colour applies.
  const themed = Boolean(color || variant);
  // One element whichever it is: a link's props were checked by `ButtonProps`.
  const Tag: ElementType = component ?? 'button';
  return (
    <Tag
      style={
        {
          '--button-height': getSize(size, 'button-height'),
          '--button-padding-x': getSize(size, 'button-padding-x'),
          '--button-fz': getFontSize(size?.replace('compact-', '')),
          '--button-bg': themed ? colors.background : undefined,
          '--button-hover': themed ? colors.hover : undefined,
          '--button-color': colors.color,
          '--button-bd': themed ? colors.border : undefined,
          '--button-hover-color': themed ? colors.hoverColor : undefined,
          ...style,
          ...styleProps,
        } as CSSProperties
      }
      className={unstyledButtonClassName(
        classNames(
          !disabled && !loading && 'mantine-active',
          className,
          buttonClasses.root,
          'mantine-Button-root',
        ),
        responsive,
      )}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-block={fullWidth || undefined}
      data-with-left-section={leftSection ? true : undefined}
      data-with-right-section={rightSection ? true : undefined}
      type={Tag === 'button' ? 'button' : undefined}
      disabled={disabled || loading}
      {...rest}
    >
      {loading !== undefined && (
        <Transition mounted={loading} transition={loaderTransition} duration={150}>
          {(transitionStyles) => (
            <span
              style={transitionStyles}
              className={classNames(buttonClasses.loader, 'mantine-Button-loader')}
              aria-hidden
            >
              <Loader color="var(--button-color)" size="calc(var(--button-height) / 1.8)" />
            </span>
          )}
        </Transition>
      )}
      <span className={classNames(buttonClasses.inner, 'mantine-Button-inner')}>
        {leftSection && (
          <span className={classNames(buttonClasses.section, 'mantine-Button-section')} data-position="left">
            {leftSection}
          </span>
        )}
        <span
          className={classNames(buttonClasses.label, 'mantine-Button-label')}
          data-loading={loading || undefined}
        >
          {children}
        </span>
        {rightSection && (
          <span className={classNames(buttonClasses.section, 'mantine-Button-section')} data-position="right">
            {rightSection}
          </span>
        )}
      </span>
    </Tag>
  );
}
