import { Tooltip } from '@mantine/core';

/**
 * The tooltip of the funding bar's markers, with its positioning library: its own chunk, loaded when a marker is
 * first pointed at, touched or focused (FundingBar), not with every project page. It shows beside the marker it
 * is given, as long as the bar says it is open.
 */
export function MarkerTooltip({
  target,
  label,
  opened,
}: {
  target: HTMLElement;
  label: string;
  opened: boolean;
}) {
  return <Tooltip target={target} label={label} opened={opened} withArrow multiline maw={260} />;
}
