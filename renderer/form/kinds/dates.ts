// Date and date-time fields (antd's picker and dayjs): loaded with the first form that has one.
export { DatePicker } from '@formily/antd-v5';
