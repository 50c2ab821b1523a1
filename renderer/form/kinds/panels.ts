// A form in tabs or folding panels: loaded with the first form laid out so.
export { FormTab, FormCollapse } from '@formily/antd-v5';
