import {
  getFontSize,
  getLineHeight,
  getRadius,
  getShadow,
  getSize,
  getSpacing,
  type MantineFontSize,
  type MantineRadius,
  type MantineShadow,
  type MantineSpacing,
  rem,
  useMantineTheme,
} from '@mantine/core';
// Mantine's classes and their CSS, without the components' code (mantine-styles-plugin.ts), in Mantine's order.
import visuallyHiddenClasses from 'mantine-classes:VisuallyHidden';
import paperClasses from 'mantine-classes:Paper';
import groupClasses from 'mantine-classes:Group';
import textClasses from 'mantine-classes:Text';
import anchorClasses from 'mantine-classes:Anchor';
import containerClasses from 'mantine-classes:Container';
import simpleGridClasses from 'mantine-classes:SimpleGrid';
import stackClasses from 'mantine-classes:Stack';
import titleClasses from 'mantine-classes:Title';
import {
  type AnchorHTMLAttributes,
  Children,
  type CSSProperties,
  type ElementType,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import type { Link, LinkProps } from '@/lib/router';
import classes from './primitives.module.css';
import { classNames, type LightStyleProps, spacingValue, splitStyleProps } from './style-props';

/**
 * Mantine's Text, Group, Stack, Paper, Title, Anchor, Container and VisuallyHidden for the pages the server renders
 * for everyone (decision 018): the same markup to the byte, made without Mantine's `Box` (its props merged with the theme's, its styles API, its style-prop parser),
 * which made a third of a page's render. They take the props our pages use; where a page needs more, Mantine's own
 * is the one to use. The theme's settings for Mantine's Text, Group and Stack are not read: ours has none.
 */
interface PrimitiveProps extends LightStyleProps, Omit<HTMLAttributes<HTMLElement>, 'color'> {
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  ref?: Ref<HTMLElement>;
}

type Element =
  | 'div'
  | 'p'
  | 'span'
  | 'ol'
  | 'ul'
  | 'li'
  | 'nav'
  | 'section'
  | 'article'
  | 'label'
  | 'legend'
  | 'dd'
  | 'dt'
  | 'fieldset';

/** Mantine's Text's variables, then the element's own style and its style props, in Mantine's order. */
function textStyle(
  size: MantineFontSize | undefined,
  lineClamp: number | undefined,
  style: CSSProperties | undefined,
  styleProps: Record<string, string | number>,
): CSSProperties {
  return {
    '--text-fz': size === undefined ? undefined : getFontSize(size),
    '--text-lh': size === undefined ? undefined : getLineHeight(size),
    '--text-line-clamp': lineClamp?.toString(),
    ...style,
    ...styleProps,
  } as CSSProperties;
}

/** Mantine's Text's data attributes, which its styles select on. */
function textData(
  size: MantineFontSize | undefined,
  lineClamp: number | undefined,
  inherit: boolean | undefined,
) {
  return {
    'data-size': size,
    'data-line-clamp': lineClamp === undefined ? undefined : true,
    'data-inherit': inherit || undefined,
  };
}

export interface TextProps extends PrimitiveProps {
  size?: MantineFontSize;
  lineClamp?: number;
  /** Rendered as a `span`, for text inside text. */
  span?: boolean;
  /** Font size, line height and weight of the text around it. */
  inherit?: boolean;
  component?: Element;
}

export function Text({ size, lineClamp, span, inherit, component, className, style, ...props }: TextProps) {
  const theme = useMantineTheme();
  const { style: styleProps, responsive, rest } = splitStyleProps(props, theme);
  const Tag = component ?? (span ? 'span' : 'p');
  return (
    <Tag
      style={textStyle(size, lineClamp, style, styleProps)}
      className={classNames(
        'mantine-focus-auto',
        className,
        textClasses.root,
        'mantine-Text-root',
        responsive,
      )}
      {...textData(size, lineClamp, inherit)}
      {...(rest as HTMLAttributes<HTMLElement>)}
    />
  );
}

export interface GroupProps extends PrimitiveProps {
  gap?: MantineSpacing;
  justify?: CSSProperties['justifyContent'];
  align?: CSSProperties['alignItems'];
  wrap?: CSSProperties['flexWrap'];
  /** Each child takes an equal share of the row. */
  grow?: boolean;
  component?: Element;
}

export function Group({
  gap = 'md',
  justify = 'flex-start',
  align = 'center',
  wrap = 'wrap',
  grow,
  component,
  className,
  style,
  children,
  ...props
}: GroupProps) {
  const theme = useMantineTheme();
  const { style: styleProps, responsive, rest } = splitStyleProps(props, theme);
  const Tag = component ?? 'div';
  // As Mantine's: no empty child takes a share of the row.
  const shown = Children.toArray(children).filter(Boolean);
  const spacing = getSpacing(gap);
  return (
    <Tag
      style={
        {
          '--group-child-width': grow
            ? `calc(${100 / shown.length}% - (${spacing} - ${spacing} / ${shown.length}))`
            : undefined,
          '--group-gap': spacing,
          '--group-align': align,
          '--group-justify': justify,
          '--group-wrap': wrap,
          ...style,
          ...styleProps,
        } as CSSProperties
      }
      className={classNames(className, groupClasses.root, 'mantine-Group-root', responsive)}
      data-grow={grow || undefined}
      {...(rest as HTMLAttributes<HTMLElement>)}
    >
      {shown}
    </Tag>
  );
}

export interface StackProps extends PrimitiveProps {
  gap?: MantineSpacing;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  component?: Element;
}

export function Stack({
  gap = 'md',
  align = 'stretch',
  justify = 'flex-start',
  component,
  className,
  style,
  ...props
}: StackProps) {
  const theme = useMantineTheme();
  const { style: styleProps, responsive, rest } = splitStyleProps(props, theme);
  const Tag = component ?? 'div';
  return (
    <Tag
      style={
        {
          '--stack-gap': getSpacing(gap),
          '--stack-align': align,
          '--stack-justify': justify,
          ...style,
          ...styleProps,
        } as CSSProperties
      }
      className={classNames(className, stackClasses.root, 'mantine-Stack-root', responsive)}
      {...(rest as HTMLAttributes<HTMLElement>)}
    />
  );
}

/** A length per breakpoint: on phones, and from the `sm` breakpoint (Mantine's 48em) on. */
export interface Responsive<T> {
  base: T;
  sm: T;
}

interface PaperOwnProps extends Omit<LightStyleProps, 'p'> {
  radius?: MantineRadius;
  shadow?: MantineShadow;
  withBorder?: boolean;
  /** As Mantine's; a padding per breakpoint is set through a class, not Mantine's style element per paper. */
  p?: MantineSpacing | Responsive<MantineSpacing>;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export type PaperProps = PaperOwnProps &
  (
    | ({ component?: Element; ref?: Ref<HTMLElement> } & Omit<HTMLAttributes<HTMLElement>, 'color'>)
    | ({ component: typeof Link } & Omit<LinkProps, 'color'>)
  );

export function Paper({ radius, shadow, withBorder, p, component, className, style, ...props }: PaperProps) {
  const theme = useMantineTheme();
  const responsivePadding = typeof p === 'object' ? p : undefined;
  const {
    style: styleProps,
    responsive,
    rest,
  } = splitStyleProps(
    { ...props, p: responsivePadding ? undefined : (p as MantineSpacing | undefined) },
    theme,
  );
  // One element whichever it is: a link's props were checked by `PaperProps`.
  const Tag: ElementType = component ?? 'div';
  return (
    <Tag
      style={
        {
          '--paper-radius': radius === undefined ? undefined : getRadius(radius),
          '--paper-shadow': getShadow(shadow),
          '--paper-padding-base': responsivePadding && spacingValue(responsivePadding.base, theme),
          '--paper-padding-sm': responsivePadding && spacingValue(responsivePadding.sm, theme),
          ...style,
          ...styleProps,
        } as CSSProperties
      }
      className={classNames(
        className,
        paperClasses.root,
        'mantine-Paper-root',
        responsivePadding && classes.responsivePadding,
        responsive,
      )}
      data-with-border={withBorder || undefined}
      {...rest}
    />
  );
}

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
const HEADING_SIZES = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const TEXT_SIZES = new Set(['xs', 'sm', 'md', 'lg', 'xl']);

/** Mantine's title size: a heading's own size, a font size of the theme at the order's weight, or any length. */
function titleVariables(order: HeadingLevel, size: string | number | undefined) {
  const named = size ?? `h${order}`;
  const weightAndHeight = (heading: string) => ({
    '--title-fw': `var(--mantine-${heading}-font-weight)`,
    '--title-lh': `var(--mantine-${heading}-line-height)`,
  });
  if (typeof named === 'string' && HEADING_SIZES.has(named)) {
    return { ...weightAndHeight(named), '--title-fz': `var(--mantine-${named}-font-size)` };
  }
  const fontSize =
    typeof named === 'string' && TEXT_SIZES.has(named) ? `var(--mantine-font-size-${named})` : rem(named);
  return { ...weightAndHeight(`h${order}`), '--title-fz': fontSize };
}

export interface TitleProps extends Omit<PrimitiveProps, 'fz'> {
  order?: HeadingLevel;
  size?: MantineFontSize | `h${HeadingLevel}` | number;
  lineClamp?: number;
  /** As Mantine's; a size per breakpoint is set through a class, not Mantine's style element per title. */
  fz?: LightStyleProps['fz'] | Responsive<number>;
}

export function Title({ order = 1, size, lineClamp, fz, className, style, ...props }: TitleProps) {
  const theme = useMantineTheme();
  const responsiveSize = typeof fz === 'object' ? fz : undefined;
  const {
    style: styleProps,
    responsive,
    rest,
  } = splitStyleProps({ ...props, fz: responsiveSize ? undefined : (fz as LightStyleProps['fz']) }, theme);
  const Tag = `h${order}` as const;
  const {
    '--title-fw': fontWeight,
    '--title-lh': lineHeight,
    '--title-fz': fontSize,
  } = titleVariables(order, size);
  return (
    <Tag
      style={
        {
          '--title-fw': fontWeight,
          '--title-lh': lineHeight,
          '--title-fz': responsiveSize ? undefined : fontSize,
          '--title-fz-base': responsiveSize && rem(responsiveSize.base),
          '--title-fz-sm': responsiveSize && rem(responsiveSize.sm),
          '--title-line-clamp': lineClamp?.toString(),
          ...style,
          ...styleProps,
        } as CSSProperties
      }
      className={classNames(
        className,
        titleClasses.root,
        'mantine-Title-root',
        responsiveSize && classes.responsiveTitle,
        responsive,
      )}
      data-size={typeof size === 'number' ? undefined : size}
      data-order={order}
      data-line-clamp={lineClamp === undefined ? undefined : true}
      {...(rest as HTMLAttributes<HTMLElement>)}
    />
  );
}

interface AnchorOwnProps extends LightStyleProps {
  size?: MantineFontSize;
  lineClamp?: number;
  /** Font size, line height and weight of the text around it. */
  inherit?: boolean;
  /** Always by default: links in text are told apart from it by more than colour (WCAG 1.4.1). */
  underline?: 'always' | 'hover' | 'not-hover' | 'never';
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

export type AnchorProps = AnchorOwnProps &
  (
    | ({ component?: undefined } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color'>)
    | ({ component: typeof Link } & Omit<LinkProps, 'color'>)
  );

export function Anchor({
  size,
  lineClamp,
  inherit,
  underline = 'always',
  component,
  className,
  style,
  ...props
}: AnchorProps) {
  const theme = useMantineTheme();
  const { style: styleProps, responsive, rest } = splitStyleProps(props, theme);
  const Tag = component ?? 'a';
  return (
    <Tag
      style={textStyle(size, lineClamp, style, styleProps)}
      className={classNames(
        'mantine-focus-auto',
        anchorClasses.root,
        className,
        textClasses.root,
        'mantine-Text-root',
        'mantine-Anchor-root',
        responsive,
      )}
      {...textData(size, lineClamp, inherit)}
      data-underline={underline}
      {...(rest as LinkProps)}
    />
  );
}

interface ContainerOwnProps extends Omit<LightStyleProps, 'py'> {
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** As Mantine's; a padding per breakpoint is set through a class, not Mantine's style element per container. */
  py?: MantineSpacing | Responsive<MantineSpacing>;
}

export type ContainerProps = ContainerOwnProps & Omit<PrimitiveProps, keyof LightStyleProps>;

export function Container({ size, py, className, style, ...props }: ContainerProps) {
  const theme = useMantineTheme();
  const responsivePadding = typeof py === 'object' ? py : undefined;
  const {
    style: styleProps,
    responsive,
    rest,
  } = splitStyleProps(
    { ...props, py: responsivePadding ? undefined : (py as MantineSpacing | undefined) },
    theme,
  );
  return (
    <div
      style={
        {
          '--container-size': getSize(size, 'container-size'),
          '--container-py-base': responsivePadding && spacingValue(responsivePadding.base, theme),
          '--container-py-sm': responsivePadding && spacingValue(responsivePadding.sm, theme),
          ...style,
          ...styleProps,
        } as CSSProperties
      }
      className={classNames(
        className,
        containerClasses.root,
        'mantine-Container-root',
        responsivePadding && classes.responsivePaddingBlock,
        responsive,
      )}
      data-size={size}
      data-strategy="block"
      {...(rest as HTMLAttributes<HTMLDivElement>)}
    />
  );
}

/** Text for screen readers only, such as a control's name that its icon shows. */
export function VisuallyHidden({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={classNames(className, visuallyHiddenClasses.root, 'mantine-VisuallyHidden-root')}
      {...props}
    />
  );
}

/** The breakpoints a grid's columns may change at, Mantine's, narrowest first (the module's classes follow them). */
const GRID_BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
type GridBreakpoint = (typeof GRID_BREAKPOINTS)[number];
const GRID_CLASSES: Record<GridBreakpoint, string | undefined> = {
  xs: classes.colsFromXs,
  sm: classes.colsFromSm,
  md: classes.colsFromMd,
  lg: classes.colsFromLg,
  xl: classes.colsFromXl,
};

export interface SimpleGridProps extends PrimitiveProps {
  /** Columns, or columns per breakpoint (`{ base: 1, sm: 2 }`). */
  cols?: number | ({ base: number } & Partial<Record<GridBreakpoint, number>>);
  spacing?: MantineSpacing;
  verticalSpacing?: MantineSpacing;
}

/**
 * Mantine's SimpleGrid's element, class and variables. Columns per breakpoint are set through variables and one
 * class per breakpoint of `primitives.module.css`, not Mantine's style element with a `useId` class before each grid.
 */
export function SimpleGrid({
  cols = 1,
  spacing = 'md',
  verticalSpacing,
  className,
  style,
  ...props
}: SimpleGridProps) {
  const theme = useMantineTheme();
  const { style: styleProps, responsive, rest } = splitStyleProps(props, theme);
  const perBreakpoint = typeof cols === 'object' ? cols : undefined;
  const changesAt = GRID_BREAKPOINTS.filter((breakpoint) => perBreakpoint?.[breakpoint] !== undefined);
  return (
    <div
      style={
        {
          '--sg-spacing-x': getSpacing(spacing),
          '--sg-spacing-y': getSpacing(verticalSpacing ?? spacing),
          '--sg-cols': typeof cols === 'number' ? String(cols) : undefined,
          '--sg-cols-base': perBreakpoint?.base,
          ...Object.fromEntries(
            changesAt.map((breakpoint) => [`--sg-cols-${breakpoint}`, perBreakpoint?.[breakpoint]]),
          ),
          ...style,
          ...styleProps,
        } as CSSProperties
      }
      className={classNames(
        className,
        simpleGridClasses.root,
        'mantine-SimpleGrid-root',
        perBreakpoint && classes.colsPerBreakpoint,
        ...changesAt.map((breakpoint) => GRID_CLASSES[breakpoint]),
        responsive,
      )}
      {...(rest as HTMLAttributes<HTMLDivElement>)}
    />
  );
}
