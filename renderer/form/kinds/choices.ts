// Choices shown all at once (check boxes, radio buttons, a switch): loaded with the first form that has one.
export { Checkbox, Radio, Switch } from '@formily/antd-v5';
export { CheckboxList } from '../CheckboxList.tsx';
