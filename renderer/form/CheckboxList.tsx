// Checkboxes whose value travels as one comma-joined string ('1,3'), with an optional exclusive
// choice: ticking it (a notice's 'everyone', '0') clears and disables the others (spec section 5).
import { Checkbox } from 'antd';
import { connect, mapProps } from '@formily/react';

interface Option {
  label: string;
  value: string;
}

function CheckboxListInput({
  value,
  onChange,
  options = [],
  exclusive,
  disabled,
  readOnly,
}: {
  value?: string | null;
  onChange?: (v: string) => void;
  options?: Option[];
  exclusive?: string;
  disabled?: boolean;
  readOnly?: boolean;
}) {
  const chosen = value ? String(value).split(',').filter(Boolean) : [];
  const only = exclusive !== undefined && chosen.includes(exclusive);
  if (readOnly) {
    return (
      <span>
        {options
          .filter((o) => chosen.includes(String(o.value)))
          .map((o) => o.label)
          .join('、') || '—'}
      </span>
    );
  }
  return (
    <Checkbox.Group
      disabled={disabled}
      value={chosen}
      options={options.map((o) => ({
        label: o.label,
        value: String(o.value),
        disabled: only && String(o.value) !== exclusive,
      }))}
      onChange={(next) => {
        const list = (next as string[]).map(String);
        const picked = exclusive !== undefined && list.includes(exclusive) && !chosen.includes(exclusive);
        // Keep the options' order so the joined value is stable.
        const ordered = picked ? [exclusive!] : options.map((o) => String(o.value)).filter((v) => list.includes(v));
        onChange?.(ordered.join(','));
      }}
    />
  );
}

export const CheckboxList = connect(
  CheckboxListInput,
  mapProps({ dataSource: 'options' }, (props, field) => ({
    ...props,
    readOnly: (field as { pattern?: string }).pattern === 'readPretty',
  })),
);
