// The demo organisations of DOMAIN.md, created on first start. Their sign-ins are fixed: tests
// outside the repository rely on them.
import type { DeptBaseExtend } from '../platform/db/types.ts';

/** Which menus a role sees and which buttons it may press there. */
export interface RoleGrants {
  /** Menu keys whose whole subtree is granted; 'all' for every menu. */
  menus: string[] | 'all';
  /** Menu keys excluded from 'all' or from a granted subtree. */
  except?: string[];
  /** Button actions granted inside those menus; 'all' for every action. */
  actions: string[] | 'all';
  /** Menu keys granted for reading only: the page and its query and export buttons. */
  reads?: string[];
  /** Menu keys where the role files its own requests: the page and the applicant's buttons, whatever `actions` says. */
  applies?: string[];
}

export interface RoleSeed {
  key: string;
  name: string;
  dataScope: '1' | '2' | '3' | '4' | '5';
  todoHome?: boolean;
  grants: RoleGrants;
}

export interface UserSeed {
  loginName: string;
  password: string;
  realName: string;
  dept: string;
  roles: string[];
  rePassword?: boolean;
  leads?: boolean;
  sex?: '0' | '1';
  phone?: string;
}

export interface OrganisationSeed {
  key: string;
  name: string;
  departments: string[];
  roles: RoleSeed[];
  users: UserSeed[];
  base: { loginTitle: string; navTitle: string; label: string; extend: DeptBaseExtend };
  config: Record<string, string>;
}

const NOT_ADMIN = ['system', 'monitor', 'tool'];
export const APPLICANT_ACTIONS = ['query', 'add', 'edit', 'remove', 'cancel', 'close', 'print'];
/** What every member of staff files whatever their role (issue 34): leave, their leave balance, a car. */
const OWN_REQUESTS = ['leaveApply', 'leaveBalance', 'carApply'];
/** Lists an applicant reads to fill a request (their cards, the products and warehouses to ask from). */
const APPLICANT_READS = ['assetCatalog', 'consumableProduct', 'consumableWarehouse', 'venueInfo'];

function roles(names: { principal: string; deputy: string; staff: string }): RoleSeed[] {
  return [
    { key: 'admin', name: '超级管理员', dataScope: '1', grants: { menus: 'all', actions: 'all' } },
    { key: 'svip', name: '高级用户', dataScope: '1', grants: { menus: 'all', except: NOT_ADMIN, actions: 'all' } },
    { key: 'user', name: '普通用户', dataScope: '5', grants: { menus: 'all', except: NOT_ADMIN, actions: ['query'] } },
    {
      key: 'principal',
      name: names.principal,
      dataScope: '1',
      todoHome: true,
      grants: { menus: 'all', except: ['system', 'tool'], actions: 'all' },
    },
    {
      key: 'partySecretary',
      name: '党委书记',
      dataScope: '1',
      grants: { menus: 'all', except: ['system', 'tool'], actions: 'all' },
    },
    { key: 'deputy', name: names.deputy, dataScope: '1', grants: { menus: 'all', except: NOT_ADMIN, actions: 'all' } },
    {
      key: 'deptHead',
      name: '部门负责人',
      dataScope: '4',
      grants: {
        menus: [
          'budgetList',
          'budgetJournal',
          'budgetAdjustApply',
          'budgetPlan',
          'warningRecord',
          'projectLedger',
          'expense',
          'contractList',
          'contractChange',
          'contractForm',
          'contractChangeForm',
          'contractPayment',
          'purchaseApply',
          'medicalPurchase',
          'assetApply',
          'consumableApply',
          'carApply',
          'venueBooking',
          'leave',
          'seal',
          'printing',
          'meeting',
          'policy',
          'workflowTask',
        ],
        actions: [...APPLICANT_ACTIONS, 'export', 'audit'],
        // What their requests pick from: the department's cards, products and warehouses; the
        // supplier register their contracts and purchases pick the counterparty from.
        reads: [...APPLICANT_READS, 'supplier', 'workCalendar'],
        // The site's working calendar and leave entitlements are finance's (HR's) registers.
        except: ['workCalendar', 'leaveEntitlement'],
      },
    },
    {
      key: 'accountant',
      name: '会计',
      dataScope: '1',
      grants: {
        applies: OWN_REQUESTS,
        menus: [
          'budget',
          'expense',
          'contract',
          'purchase',
          'salary',
          'meeting',
          'policy',
          'carFunds',
          'workflowTask',
          'workCalendar',
          'leaveEntitlement',
        ],
        // The supplier register is purchasing's: finance reads it (who is paid, to which account).
        // The vehicles too: a vehicle cost (carFunds) names its vehicle from that register (issue 34).
        except: ['supplier'],
        reads: ['supplier', 'carInfo'],
        actions: 'all',
      },
    },
    {
      key: 'cashier',
      name: '出纳',
      dataScope: '1',
      grants: {
        applies: OWN_REQUESTS,
        menus: ['expense', 'contractPayment', 'salary', 'budgetList', 'budgetJournal', 'workflowTask'],
        actions: 'all',
      },
    },
    {
      key: 'assetKeeper',
      name: '资产管理员',
      dataScope: '1',
      // The keeper enters what purchasing accepted: reading purchases, not filing them; with the
      // buyer, the keeper keeps the supplier register (qualifications, licences of equipment suppliers).
      grants: {
        applies: OWN_REQUESTS,
        menus: ['asset', 'consumable', 'venue', 'workflowTask', 'supplier'],
        actions: 'all',
        reads: ['purchaseApply', 'medicalPurchase'],
      },
    },
    {
      key: 'buyer',
      name: '采购员',
      dataScope: '1',
      grants: { applies: OWN_REQUESTS, menus: ['purchase', 'contract', 'workflowTask'], actions: 'all' },
    },
    {
      key: 'carDispatcher',
      name: '车辆调度员',
      dataScope: '1',
      grants: { applies: OWN_REQUESTS, menus: ['car', 'workflowTask'], actions: 'all' },
    },
    {
      key: 'sealKeeper',
      name: '印章管理员',
      dataScope: '1',
      grants: { applies: OWN_REQUESTS, menus: ['seal', 'printing', 'workflowTask'], actions: 'all' },
    },
    {
      key: 'auditor',
      name: '审计',
      dataScope: '1',
      grants: {
        applies: OWN_REQUESTS,
        menus: [
          'budget',
          'expense',
          'contract',
          'purchase',
          'asset',
          'consumable',
          'salary',
          'meeting',
          'monitor',
          'workflowRunning',
          'workflowFinished',
        ],
        actions: ['query', 'export', 'release', 'verify'],
      },
    },
    {
      key: 'sysAdmin',
      name: '系统管理员',
      dataScope: '1',
      grants: { menus: ['system', 'monitor', 'tool', 'noticeList', 'workflow'], actions: 'all' },
    },
    {
      key: 'staff',
      name: names.staff,
      dataScope: '5',
      grants: {
        menus: [
          'beforehandList',
          'fundsList',
          'fundsForm',
          'loanList',
          'employeeFee',
          'assetApply',
          'consumableApply',
          'carApply',
          'venueBooking',
          'leaveApply',
          'leaveBalance',
          'sealApply',
          'printApply',
          'policyShare',
          'workflowTask',
        ],
        actions: APPLICANT_ACTIONS,
        reads: APPLICANT_READS,
      },
    },
  ];
}

const DEMO_PASSWORD = 'Demo@12345';

/**
 * When each demo person started working (参加工作日期, issue 34): their years of service give their
 * annual leave (职工带薪年休假条例 第三条) — every tier is among them: 20 years and more (15 days), 10 to
 * 20 (10), 1 to 10 (5), and the newcomer under a year (none). The administrators have none recorded.
 */
export const DEMO_WORK_START: Readonly<Record<string, string>> = {
  principal: '1996-08-01',
  secretary: '1999-07-01',
  deputy: '2008-09-01',
  deputy2: '2011-09-01',
  head: '2012-08-15',
  finance: '2006-07-01',
  cashier: '2018-03-01',
  assets: '2004-07-01',
  buyer: '2019-07-01',
  dispatcher: '2015-04-01',
  sealkeeper: '2016-09-01',
  auditor: '2002-07-01',
  staff: '2019-09-01',
  teacher: '2005-09-01',
  newcomer: '2026-07-01',
  citystaff: '2013-08-01',
  citydean: '1994-09-01',
  cityfinance: '2009-07-01',
  cityhead: '2010-07-01',
  citybuyer: '2017-07-01',
  citycashier: '2016-07-01',
  citydispatcher: '2012-05-01',
};

export const ORGANISATIONS: OrganisationSeed[] = [
  {
    key: 'demo',
    name: '示范区第一中学',
    departments: ['校长办公室', '党政办公室', '教务处', '学生处', '总务处', '财务室', '信息中心', '体艺处', '图书馆', '工会'],
    roles: roles({ principal: '校长', deputy: '副校长', staff: '教职工' }),
    // admin comes first: on a fresh database it is user id 1, the super administrator.
    users: [
      { loginName: 'admin', password: 'Admin@12345', realName: '系统管理员', dept: '信息中心', roles: ['admin'], leads: true },
      {
        loginName: 'principal',
        password: DEMO_PASSWORD,
        realName: '王建国',
        dept: '校长办公室',
        roles: ['principal'],
        leads: true,
        sex: '0',
      },
      {
        loginName: 'secretary',
        password: DEMO_PASSWORD,
        realName: '李红梅',
        dept: '党政办公室',
        roles: ['partySecretary'],
        leads: true,
        sex: '1',
      },
      { loginName: 'deputy', password: DEMO_PASSWORD, realName: '张志强', dept: '校长办公室', roles: ['deputy'], sex: '0' },
      { loginName: 'deputy2', password: DEMO_PASSWORD, realName: '赵丽华', dept: '校长办公室', roles: ['deputy'], sex: '1' },
      {
        loginName: 'head',
        password: DEMO_PASSWORD,
        realName: '刘明',
        dept: '教务处',
        roles: ['deptHead'],
        leads: true,
        sex: '0',
      },
      {
        loginName: 'finance',
        password: DEMO_PASSWORD,
        realName: '陈静',
        dept: '财务室',
        roles: ['accountant'],
        leads: true,
        sex: '1',
      },
      { loginName: 'cashier', password: DEMO_PASSWORD, realName: '周敏', dept: '财务室', roles: ['cashier'], sex: '1' },
      {
        loginName: 'assets',
        password: DEMO_PASSWORD,
        realName: '吴刚',
        dept: '总务处',
        roles: ['assetKeeper'],
        leads: true,
        sex: '0',
      },
      { loginName: 'buyer', password: DEMO_PASSWORD, realName: '郑伟', dept: '总务处', roles: ['buyer'], sex: '0' },
      { loginName: 'dispatcher', password: DEMO_PASSWORD, realName: '孙强', dept: '总务处', roles: ['carDispatcher'], sex: '0' },
      { loginName: 'sealkeeper', password: DEMO_PASSWORD, realName: '钱芳', dept: '党政办公室', roles: ['sealKeeper'], sex: '1' },
      { loginName: 'auditor', password: DEMO_PASSWORD, realName: '何平', dept: '党政办公室', roles: ['auditor'], sex: '0' },
      { loginName: 'staff', password: DEMO_PASSWORD, realName: '林小雨', dept: '教务处', roles: ['staff'], sex: '1' },
      {
        loginName: 'teacher',
        password: DEMO_PASSWORD,
        realName: '黄磊',
        dept: '学生处',
        roles: ['staff'],
        leads: true,
        sex: '0',
      },
      { loginName: 'newcomer', password: DEMO_PASSWORD, realName: '新同事', dept: '教务处', roles: ['staff'], rePassword: true },
    ],
    base: {
      loginTitle: '内控系统',
      navTitle: '内控系统',
      label: '示范区第一中学',
      extend: { topDeptName: '示范区第一中学', otherSystemList: [], navLogoStr: '示范区第一中学', disable: false },
    },
    config: {},
  },
  {
    key: 'city',
    name: '市第一医院',
    departments: ['院长办公室', '财务科', '医务科', '采购中心', '设备科', '信息科', '内科', '外科'],
    roles: roles({ principal: '院长', deputy: '副院长', staff: '职工' }),
    users: [
      { loginName: 'cityadmin', password: 'City@12345', realName: '医院管理员', dept: '信息科', roles: ['admin'], leads: true },
      { loginName: 'citystaff', password: 'City@12345', realName: '马医生', dept: '内科', roles: ['staff'], sex: '0' },
      {
        loginName: 'citydean',
        password: 'City@12345',
        realName: '周建华',
        dept: '院长办公室',
        roles: ['principal'],
        leads: true,
      },
      {
        loginName: 'cityfinance',
        password: 'City@12345',
        realName: '李静',
        dept: '财务科',
        roles: ['accountant'],
        leads: true,
        sex: '1',
      },
      {
        loginName: 'cityhead',
        password: 'City@12345',
        realName: '陈立',
        dept: '采购中心',
        roles: ['deptHead'],
        leads: true,
        sex: '0',
      },
      { loginName: 'citybuyer', password: 'City@12345', realName: '刘洋', dept: '采购中心', roles: ['buyer'], sex: '0' },
      // Who pays out what finance prepared and others approved (segregation of duties).
      { loginName: 'citycashier', password: 'City@12345', realName: '吴芳', dept: '财务科', roles: ['cashier'], sex: '1' },
      {
        loginName: 'citydispatcher',
        password: 'City@12345',
        realName: '何军',
        dept: '院长办公室',
        roles: ['carDispatcher'],
        sex: '0',
      },
      {
        loginName: 'cityassets',
        password: 'City@12345',
        realName: '黄海',
        dept: '设备科',
        roles: ['assetKeeper'],
        leads: true,
        sex: '0',
      },
      // The deputy in charge, who approves every spending after finance (DOMAIN.md "Default approval chain").
      { loginName: 'citydeputy', password: 'City@12345', realName: '赵卫东', dept: '院长办公室', roles: ['deputy'], sex: '0' },
    ],
    base: {
      loginTitle: '资产管理平台',
      navTitle: '资产管理平台',
      label: '市第一医院',
      extend: { topDeptName: '市第一医院', otherSystemList: [], navLogoStr: '市第一医院', disable: false },
    },
    config: { 'ui.appTitle': '资产管理平台', 'upload.maxFiles': '20' },
  },
];
