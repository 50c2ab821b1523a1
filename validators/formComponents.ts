// The component names a form file may give as x-component / x-decorator (the part before a dot:
// `ArrayTable.Column` is ArrayTable's). The renderer has one for each (renderer/form/components.tsx,
// which checks it); schemas:check refuses any other, so a typo is named at start, not drawn as a
// warning mark in someone's dialog.
export const FORM_COMPONENTS = [
  'ArrayTable',
  'Checkbox',
  'CheckboxList',
  'DatePicker',
  'FileUpload',
  'FormCollapse',
  'FormGrid',
  'FormItem',
  'FormLayout',
  'FormTab',
  'Input',
  'LineCell',
  'LineFigure',
  'MoneyInput',
  'NumberPicker',
  'OptionsSelect',
  'Password',
  'Radio',
  'RefSelect',
  'RefTree',
  'SectionTitle',
  'Select',
  'Space',
  'Switch',
] as const;

export type FormComponentName = (typeof FORM_COMPONENTS)[number];
