import {
  getFontSize,
  getLineHeight,
  getSpacing,
  Group as MantineGroup,
  type MantineFontSize,
  type MantineSpacing,
  Stack as MantineStack,
  Text as MantineText,
  useMantineTheme,
} from '@mantine/core';
import { Children, type CSSProperties, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { classNames, type LightStyleProps, splitStyleProps } from './style-props';

/**
 * Mantine's Text, Group and Stack for the pages the server renders for everyone (decision 018): the same markup to
 * the byte, made without Mantine's `Box` (its props merged with the theme's, its styles API, its style-prop parser),
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
  | 'dt';

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
      style={
        {
          '--text-fz': size === undefined ? undefined : getFontSize(size),
          '--text-lh': size === undefined ? undefined : getLineHeight(size),
          '--text-line-clamp': lineClamp?.toString(),
          ...style,
          ...styleProps,
        } as CSSProperties
      }
      className={classNames(
        'mantine-focus-auto',
        className,
        MantineText.classes.root,
        'mantine-Text-root',
        responsive,
      )}
      data-size={size}
      data-line-clamp={lineClamp === undefined ? undefined : true}
      data-inherit={inherit || undefined}
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
      className={classNames(className, MantineGroup.classes.root, 'mantine-Group-root', responsive)}
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
      className={classNames(className, MantineStack.classes.root, 'mantine-Stack-root', responsive)}
      {...(rest as HTMLAttributes<HTMLElement>)}
    />
  );
}
