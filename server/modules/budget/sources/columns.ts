// The fields of each kind of source record: their titles in four languages (the xlsx headers the
// file adapter recognises, and the names the per-row report uses), other headers taken as the same
// column, and their limits. docs/budget-sources.md lists them; keep the two together.
import type { Locale, Localized } from '../../../../validators/locale.ts';

export interface Column {
  /** The field's name: also accepted as an xlsx header and the key in JSON. */
  name: string;
  title: Localized;
  /** Other headers meaning the same column (e.g. the budget list export's 年初预算数). */
  aliases?: string[];
  required?: boolean;
  maxLength: number;
}

const L = (zhCN: string, zhTW: string, enUS: string, ptBR: string): Localized => ({
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  'en-US': enUS,
  'pt-BR': ptBR,
});

export const INDICATOR_COLUMNS: Column[] = [
  { name: 'limitCode', title: L('指标编码', '指標編碼', 'Limit code', 'Código do limite'), required: true, maxLength: 50 },
  { name: 'budgetName', title: L('指标名称', '指標名稱', 'Indicator name', 'Nome do indicador'), required: true, maxLength: 100 },
  {
    name: 'amount',
    title: L('金额', '金額', 'Amount', 'Valor'),
    aliases: ['年初预算数', '年初預算數', 'Original amount', 'Valor inicial', 'originalAmount', '批复金额', '批覆金額'],
    required: true,
    maxLength: 20,
  },
  {
    name: 'year',
    title: L('年度', '年度', 'Year', 'Ano'),
    aliases: ['预算年度', '預算年度', 'Budget year', 'budgetYear'],
    maxLength: 8,
  },
  {
    name: 'deptName',
    title: L('部门', '部門', 'Department', 'Departamento'),
    aliases: ['归口部门', '歸口部門', '部门名称', '部門名稱', 'deptId'],
    maxLength: 100,
  },
  { name: 'projectName', title: L('项目名称', '專案名稱', 'Project', 'Projeto'), maxLength: 100 },
  { name: 'expenseType', title: L('支出类型', '支出類型', 'Expense type', 'Tipo de despesa'), maxLength: 40 },
  { name: 'functionalClass', title: L('功能分类', '功能分類', 'Functional class', 'Classe funcional'), maxLength: 50 },
  { name: 'economicClass', title: L('经济分类', '經濟分類', 'Economic class', 'Classe econômica'), maxLength: 60 },
  { name: 'fundSource', title: L('资金来源', '資金來源', 'Fund source', 'Fonte de recursos'), maxLength: 40 },
  {
    name: 'financialAccountName',
    title: L('财务科目名称', '財務科目名稱', 'Financial account', 'Conta contábil'),
    maxLength: 100,
  },
];

export const DEPT_COLUMNS: Column[] = [
  { name: 'code', title: L('部门编码', '部門編碼', 'Department code', 'Código do departamento'), maxLength: 64 },
  {
    name: 'name',
    title: L('部门名称', '部門名稱', 'Department name', 'Nome do departamento'),
    aliases: ['deptName', '部门', '部門', 'Department', 'Departamento'],
    required: true,
    maxLength: 100,
  },
];

export const PROJECT_COLUMNS: Column[] = [
  {
    name: 'projectId',
    title: L('项目ID', '專案ID', 'Project id', 'Id do projeto'),
    aliases: ['id', '项目编号', '專案編號'],
    required: true,
    maxLength: 64,
  },
  { name: 'projectName', title: L('项目名称', '專案名稱', 'Project name', 'Nome do projeto'), required: true, maxLength: 200 },
  { name: 'projectCode', title: L('项目代码', '專案代碼', 'Project code', 'Código do projeto'), maxLength: 64 },
  { name: 'billType', title: L('单据类型', '單據類型', 'Bill type', 'Tipo de documento'), maxLength: 32 },
  {
    name: 'deptName',
    title: L('部门', '部門', 'Department', 'Departamento'),
    aliases: ['部门名称', '部門名稱'],
    maxLength: 100,
  },
  { name: 'amount', title: L('金额', '金額', 'Amount', 'Valor'), aliases: ['项目金额', '專案金額'], maxLength: 20 },
  { name: 'budgetYear', title: L('年度', '年度', 'Year', 'Ano'), aliases: ['year', '预算年度', '預算年度'], maxLength: 8 },
  { name: 'startDate', title: L('开始日期', '開始日期', 'Start date', 'Data de início'), maxLength: 10 },
  { name: 'endDate', title: L('结束日期', '結束日期', 'End date', 'Data de término'), maxLength: 10 },
  { name: 'content', title: L('项目内容', '專案內容', 'Content', 'Conteúdo'), maxLength: 2000 },
];

export const PERSON_COLUMNS: Column[] = [
  {
    name: 'loginName',
    title: L('登录账号', '登入帳號', 'Account', 'Conta'),
    aliases: ['账号', '帳號', 'login'],
    required: true,
    maxLength: 64,
  },
  { name: 'realName', title: L('姓名', '姓名', 'Name', 'Nome'), required: true, maxLength: 64 },
  {
    name: 'deptName',
    title: L('部门', '部門', 'Department', 'Departamento'),
    aliases: ['部门名称', '部門名稱', 'Department name'],
    maxLength: 100,
  },
  { name: 'phone', title: L('手机号码', '手機號碼', 'Mobile', 'Celular'), aliases: ['手机', '電話', 'Phone'], maxLength: 32 },
  { name: 'email', title: L('邮箱', '電子郵件', 'Email', 'E-mail'), aliases: ['邮件'], maxLength: 100 },
];

export function columnTitle(columns: Column[], name: string, locale: Locale): string {
  return columns.find((c) => c.name === name)?.title[locale] ?? name;
}
