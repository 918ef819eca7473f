import { getFontSize, getSize, useMantineTheme } from '@mantine/core';
// Mantine's classes and their CSS, without the components' code (mantine-styles-plugin.ts), in Mantine's order.
import inputClasses from 'mantine-classes:Input';
import comboboxClasses from 'mantine-classes:Combobox';
import {
  type CSSProperties,
  type InputHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  useId,
} from 'react';
import { classNames, type LightStyleProps, splitStyleProps } from './style-props';

/*
 * Mantine's TextInput and NativeSelect without its `Box` (decision 018): the same markup to the byte, as
 * `inputs.test.tsx` checks, for the props our layout passes (its search field, the footer's language and currency).
 * Each was some eight of Mantine's components (InputBase, InputWrapper, InputLabel, Input, a Box each, the chevron).
 */

type InputSize = 'xs' | 'sm';
type StaticSelector = 'TextInput' | 'NativeSelect';

// Mantine's label does not select its text on a double click.
function keepTextUnselected(event: MouseEvent) {
  if (event.detail > 1) event.preventDefault();
}

interface InputFrameProps {
  selector: StaticSelector;
  size: InputSize;
  label: ReactNode;
  leftSection: ReactNode;
  rightSection: ReactNode;
  disabled: boolean | undefined;
  /** The root's own class and style, its style props resolved into them. */
  className: string | undefined;
  style: CSSProperties;
  /** The input itself, given its id and its classes and data attributes. */
  renderInput: (control: {
    id: string;
    className: string;
    'data-variant': 'default';
    'data-disabled': true | undefined;
  }) => ReactNode;
}

/**
 * Mantine's InputWrapper around its Input: the label, then the field with its sections. The id is Mantine's before
 * its first effect (`mantine-` and React's id of the same place in the tree), so the server's markup hydrates; Mantine
 * then swaps in a random one, which ours need not.
 */
function InputFrame({
  selector,
  size,
  label,
  leftSection,
  rightSection,
  disabled,
  className,
  style,
  renderInput,
}: InputFrameProps) {
  const id = `mantine-${useId().replace(/:/g, '')}`;
  const section = (position: 'left' | 'right', content: ReactNode) =>
    content ? (
      <div
        data-position={position}
        className={classNames(inputClasses.section, 'mantine-Input-section', `mantine-${selector}-section`)}
      >
        {content}
      </div>
    ) : null;
  return (
    <div
      style={style}
      className={classNames(
        className,
        inputClasses.root,
        'mantine-InputWrapper-root',
        `mantine-${selector}-root`,
      )}
      data-size={size}
    >
      {label ? (
        <label
          style={{ '--input-label-size': getFontSize(size) } as CSSProperties}
          className={classNames(
            inputClasses.label,
            'mantine-InputWrapper-label',
            `mantine-${selector}-label`,
          )}
          data-size={size}
          htmlFor={id}
          id={`${id}-label`}
          onMouseDown={keepTextUnselected}
        >
          {label}
        </label>
      ) : null}
      <div
        style={
          {
            '--input-height': getSize(size, 'input-height'),
            '--input-fz': getFontSize(size),
            // NativeSelect's chevron lets a click through to the select under it.
            '--input-right-section-pointer-events': selector === 'NativeSelect' ? 'none' : undefined,
          } as CSSProperties
        }
        className={classNames(inputClasses.wrapper, 'mantine-Input-wrapper', `mantine-${selector}-wrapper`)}
        data-variant="default"
        data-size={size}
        data-pointer={selector === 'NativeSelect' || undefined}
        data-disabled={disabled || undefined}
        data-with-right-section={rightSection ? true : undefined}
        data-with-left-section={leftSection ? true : undefined}
      >
        {section('left', leftSection)}
        {renderInput({
          id,
          className: classNames(inputClasses.input, 'mantine-Input-input', `mantine-${selector}-input`),
          'data-variant': 'default',
          'data-disabled': disabled || undefined,
        })}
        {section('right', rightSection)}
      </div>
    </div>
  );
}

// Mantine's inputs put `hiddenFrom` and `visibleFrom` elsewhere than its other style props; ours take neither.
type InputStyleProps = Omit<LightStyleProps, 'hiddenFrom' | 'visibleFrom'>;

interface InputOwnProps extends InputStyleProps {
  size?: InputSize;
  label?: ReactNode;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

export interface TextInputProps
  extends InputOwnProps, Omit<InputHTMLAttributes<HTMLInputElement>, keyof InputOwnProps | 'id'> {
  ref?: Ref<HTMLInputElement>;
}

/** The root's class and style as Mantine's InputWrapper makes them of `className`, `style` and the style props. */
function useRootStyle<P extends InputStyleProps>(props: P, className?: string, style?: CSSProperties) {
  const { style: styleProps, rest } = splitStyleProps(props, useMantineTheme());
  return {
    root: { className, style: { ...style, ...styleProps } },
    rest,
  };
}

export function TextInput({
  size = 'sm',
  label,
  leftSection,
  rightSection,
  disabled,
  className,
  style,
  ...props
}: TextInputProps) {
  const { root, rest } = useRootStyle(props, className, style);
  return (
    <InputFrame
      selector="TextInput"
      {...{ size, label, leftSection, rightSection, disabled }}
      {...root}
      renderInput={({ id, ...control }) => <input {...control} {...rest} disabled={disabled} id={id} />}
    />
  );
}

export interface NativeSelectProps
  extends
    InputOwnProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof InputOwnProps | 'id' | 'children'> {
  data: ReadonlyArray<{ value: string; label: string }>;
  ref?: Ref<HTMLSelectElement>;
}

/** Mantine's ComboboxChevron, the select's right section. */
function Chevron({ size }: { size: InputSize }) {
  return (
    <svg
      style={{ '--combobox-chevron-size': getSize(size, 'combobox-chevron-size') } as CSSProperties}
      className={classNames(comboboxClasses.chevron, 'mantine-ComboboxChevron-chevron')}
      data-size={size}
      data-combobox-chevron
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function NativeSelect({
  size = 'sm',
  label,
  leftSection,
  rightSection,
  disabled,
  data,
  className,
  style,
  ...props
}: NativeSelectProps) {
  const { root, rest } = useRootStyle(props, className, style);
  const right = rightSection || <Chevron size={size} />;
  return (
    <InputFrame
      selector="NativeSelect"
      {...{ size, label, leftSection, disabled }}
      rightSection={right}
      {...root}
      renderInput={({ id, ...control }) => (
        <select {...control} {...rest} disabled={disabled} id={id}>
          {data.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
