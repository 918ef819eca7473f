import {
  getFontSize,
  getLineHeight,
  type MantineBreakpoint,
  type MantineColor,
  type MantineFontSize,
  type MantineSpacing,
  type MantineTheme,
  parseThemeColor,
  rem,
} from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * The few of Mantine's style props the light primitives take (decision 018): each resolved as Mantine's `Box` resolves
 * it, into the same inline style, in the same order, so a primitive's markup is Mantine's to the byte (the tests
 * compare them) for a fraction of its cost. A prop Mantine takes and these do not is a type error, not a silent drop.
 */
export interface LightStyleProps {
  m?: MantineSpacing;
  mx?: MantineSpacing;
  my?: MantineSpacing;
  mt?: MantineSpacing;
  mb?: MantineSpacing;
  ml?: MantineSpacing;
  p?: MantineSpacing;
  px?: MantineSpacing;
  py?: MantineSpacing;
  pl?: MantineSpacing;
  pr?: MantineSpacing;
  bg?: MantineColor;
  c?: MantineColor | 'dimmed' | 'bright';
  opacity?: CSSProperties['opacity'];
  fz?: MantineFontSize | number;
  fw?: CSSProperties['fontWeight'];
  ta?: CSSProperties['textAlign'];
  lh?: MantineFontSize | number;
  fs?: CSSProperties['fontStyle'];
  tt?: CSSProperties['textTransform'];
  td?: CSSProperties['textDecoration'];
  w?: number | string;
  miw?: number | string;
  maw?: number | string;
  h?: number | string;
  mih?: number | string;
  visibleFrom?: MantineBreakpoint;
  hiddenFrom?: MantineBreakpoint;
}

/** Mantine's colour: a theme colour as its variable (without a shade, its filled variant), any other as given. */
function color(value: string, theme: MantineTheme): string {
  if (value === 'dimmed' || value === 'bright') return `var(--mantine-color-${value})`;
  const parsed = parseThemeColor({ color: value, theme });
  return parsed.variable ? `var(${parsed.variable})` : parsed.color;
}

/** Mantine's text colour: a theme colour without a shade reads its `-text` variant, made for text. */
function textColor(value: string, theme: MantineTheme): string {
  const parsed = parseThemeColor({ color: value, theme });
  if (parsed.isThemeColor && parsed.shade === undefined) return `var(--mantine-color-${parsed.color}-text)`;
  return color(value, theme);
}

const size = (value: number | string) => (typeof value === 'number' ? rem(value) : value);

/** A margin or padding: a theme spacing (negative ones too) as its variable, any other length in rem. */
export function spacingValue(value: MantineSpacing, theme: MantineTheme): string {
  if (typeof value === 'number') return rem(value);
  const name = value.replace('-', '');
  if (!(name in theme.spacing)) return rem(value);
  return value.startsWith('-')
    ? `calc(var(--mantine-spacing-${name}) * -1)`
    : `var(--mantine-spacing-${name})`;
}

/**
 * The style props in `props` as inline style, in the order Mantine's `extractStyleProps` lists them, and the rest of
 * `props` apart.
 */
export function splitStyleProps<P extends LightStyleProps>(
  props: P,
  theme: MantineTheme,
): {
  style: Record<string, string | number>;
  responsive: string | undefined;
  rest: Omit<P, keyof LightStyleProps>;
} {
  const {
    m,
    mx,
    my,
    mt,
    mb,
    ml,
    p,
    px,
    py,
    pl,
    pr,
    bg,
    c,
    opacity,
    fz,
    fw,
    ta,
    lh,
    fs,
    tt,
    td,
    w,
    miw,
    maw,
    h,
    mih,
    visibleFrom,
    hiddenFrom,
    ...rest
  } = props;
  const style: Record<string, string | number> = {};
  if (m !== undefined) style.margin = spacingValue(m, theme);
  if (mx !== undefined) style.marginInline = spacingValue(mx, theme);
  if (my !== undefined) style.marginBlock = spacingValue(my, theme);
  if (mt !== undefined) style.marginTop = spacingValue(mt, theme);
  if (mb !== undefined) style.marginBottom = spacingValue(mb, theme);
  if (ml !== undefined) style.marginLeft = spacingValue(ml, theme);
  if (p !== undefined) style.padding = spacingValue(p, theme);
  if (px !== undefined) style.paddingInline = spacingValue(px, theme);
  if (py !== undefined) style.paddingBlock = spacingValue(py, theme);
  if (pl !== undefined) style.paddingLeft = spacingValue(pl, theme);
  if (pr !== undefined) style.paddingRight = spacingValue(pr, theme);
  if (bg !== undefined) style.background = color(bg, theme);
  if (c !== undefined) style.color = textColor(c, theme);
  if (opacity !== undefined) style.opacity = opacity;
  if (fz !== undefined)
    style.fontSize = typeof fz === 'string' && fz in theme.fontSizes ? getFontSize(fz)! : rem(fz);
  if (fw !== undefined) style.fontWeight = fw;
  if (ta !== undefined) style.textAlign = ta;
  if (lh !== undefined)
    style.lineHeight = typeof lh === 'string' && lh in theme.lineHeights ? getLineHeight(lh)! : lh;
  if (fs !== undefined) style.fontStyle = fs;
  if (tt !== undefined) style.textTransform = tt;
  if (td !== undefined) style.textDecoration = td;
  if (w !== undefined) style.width = size(w);
  if (miw !== undefined) style.minWidth = size(miw);
  if (maw !== undefined) style.maxWidth = size(maw);
  if (h !== undefined) style.height = size(h);
  if (mih !== undefined) style.minHeight = size(mih);
  const responsive =
    [hiddenFrom && `mantine-hidden-from-${hiddenFrom}`, visibleFrom && `mantine-visible-from-${visibleFrom}`]
      .filter(Boolean)
      .join(' ') || undefined;
  return { style, responsive, rest };
}

/** Class names joined as Mantine's `clsx` joins them, leaving out the empty ones. */
export function classNames(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ');
}
