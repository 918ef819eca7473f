import { Typography } from '@mantine/core';
import { Text } from '@/components/primitives/primitives';
import { richTextToPlain } from '@fundry/shared';
import classes from './RichText.module.css';

/** The class that styles rich text from the project editor (indents, alignment, images). */
export const richTextClassName = classes.content;

/** True when rich text holds nothing a reader would see (no words, no image). */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  return !richTextToPlain(html) && !/<img\s/i.test(html ?? '');
}

/**
 * Rich text as the server stored it. The API sanitises descriptions and risks with an allowlist before it
 * stores them (no scripts, no handlers, images only from http, https or data), so the markup is shown as is,
 * marked with the language its author wrote it in (DESIGN.md §14), whatever the page's, and in its own direction:
 * an English story keeps its full stop on the right in an Arabic page.
 */
export function RichTextContent({
  html,
  fallback,
  lang,
}: {
  html: string | null | undefined;
  fallback: string;
  lang?: string;
}) {
  if (isRichTextEmpty(html)) {
    return (
      <Text c="dimmed" fs="italic">
        {fallback}
      </Text>
    );
  }
  return (
    <Typography className={classes.content} lang={lang} dir="auto">
      <div dangerouslySetInnerHTML={{ __html: html ?? '' }} />
    </Typography>
  );
}
