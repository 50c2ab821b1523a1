import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadActions, loadMenus, sitesWithOwnMenus, type MenuManifestNode } from '../../server/seed/manifests.ts';
import { grants, releaseMenus } from '../../server/seed/sync.ts';
import { ORGANISATIONS } from '../../server/seed/organisations.ts';

const all = (nodes: MenuManifestNode[]): MenuManifestNode[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);

describe('menu manifests', () => {
  const menus = all(loadMenus());
  it('have unique keys and paths', () => {
    const keys = menus.map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
    const paths = menus.map((m) => m.path).filter(Boolean);
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('name only known button actions', () => {
    const actions = loadActions()!;
    for (const m of menus) for (const b of m.buttons ?? []) expect(actions[b], `${m.key}: ${b}`).toBeDefined();
  });
  it('cover every screen area spec section 2 names', () => {
    const keys = new Set(menus.map((m) => m.key));
    for (const k of [
      'dashboard',
      'budgetList',
      'budgetAdjust',
      'budgetAdjustApply',
      'budgetReply',
      'warningRecord',
      'warningWords',
      'projectLedger',
      'assetApply',
      'assetCatalog',
      'assetCategory',
      'assetClean',
      'assetDepreciate',
      'assetInventory',
      'assetOrder',
      'assetUpdate',
      'consumableApply',
      'consumableLoss',
      'consumableCatalog',
      'consumableCategory',
      'consumableDetail',
      'consumableMove',
      'consumableOrder',
      'consumableOutorder',
      'consumableProduct',
      'consumableWarehouse',
      'contractList',
      'contractChange',
      'contractLedger',
      'stampDuty',
      'beforehandList',
      'fundsList',
      'employeeFee',
      'costControl',
      'invoiceWebsite',
      'workflowModel',
      'workflowDefinition',
      'workflowRunning',
      'workflowFinished',
      'workflowTask',
      'workflowBusiness',
      'leaveApply',
      'loginLog',
      'operLog',
      'noticeList',
      'carApply',
      'carArrange',
      'carFunds',
      'carInfo',
      'budgetPlan',
      'printApply',
      'purchaseApply',
      'medicalPurchase',
      'salaryList',
      'sealApply',
      'meetingRecord',
      'policyShare',
      'config',
      'dept',
      'dict',
      'district',
      'oss',
      'permission',
      'role',
      'user',
      'codeGen',
      'venueBooking',
      'center',
      'settings',
    ]) {
      expect(keys.has(k), k).toBe(true);
    }
  });
});

describe('role grants', () => {
  const staff = ORGANISATIONS[0]!.roles.find((r) => r.key === 'staff')!.grants;
  const page = (key: string, lineage: string[]) => ({ key, lineage: [key, ...lineage], roles: [], type: 'C' as const });
  const button = (page: string, action: string, lineage: string[]) => ({
    key: `${page}:${action}`,
    lineage: [`${page}:${action}`, page, ...lineage],
    roles: [],
    type: 'F' as const,
    action,
  });
  it('grant a page inside a granted menu and its allowed buttons only', () => {
    expect(grants(staff, page('leaveApply', ['leave']) as never)).toBe(true);
    expect(grants(staff, button('leaveApply', 'add', ['leave']) as never)).toBe(true);
    expect(grants(staff, button('leaveApply', 'audit', ['leave']) as never)).toBe(false);
    expect(grants(staff, page('user', ['system']) as never)).toBe(false);
  });
  it('let every role file its own leave and car requests, with the applicant’s buttons only (issue 34)', () => {
    const role = (key: string) => ORGANISATIONS[0]!.roles.find((r) => r.key === key)!.grants;
    for (const key of ['assetKeeper', 'carDispatcher', 'sealKeeper', 'accountant', 'cashier', 'buyer', 'auditor']) {
      for (const menu of ['leaveApply', 'leaveBalance', 'carApply'])
        expect(grants(role(key), page(menu, ['x']) as never), `${key} ${menu}`).toBe(true);
      expect(grants(role(key), button('leaveApply', 'add', ['leave']) as never), key).toBe(true);
    }
    // The auditor reads elsewhere, and may not decide or keep the leave registers.
    expect(grants(role('auditor'), button('leaveApply', 'audit', ['leave']) as never)).toBe(false);
    expect(grants(role('auditor'), page('workCalendar', ['leave']) as never)).toBe(false);
    expect(grants(role('accountant'), button('workCalendar', 'add', ['leave']) as never)).toBe(true);
    // The dispatcher keeps every button of the car area, the requests included.
    expect(grants(role('carDispatcher'), button('carApply', 'arrange', ['car']) as never)).toBe(true);
  });
  const release = (key: string) => releaseMenus().find((m) => m.key === key)!;
  it('give everyone home, account, their own notices and payslips (roles "*" in menu.json)', () => {
    for (const key of ['dashboard', 'center', 'noticeUserRelList', 'noticeUserRelList:read', 'salaryMine'])
      expect(grants({ menus: [], actions: [] }, release(key), 'anyRole'), key).toBe(true);
  });
  it('give the roles a menu entry names in its file, with the buttons their actions allow', () => {
    const buyer = ORGANISATIONS[0]!.roles.find((r) => r.key === 'buyer')!.grants;
    expect(release('venueCalendar').roles).toEqual(['staff', 'deptHead']);
    expect(grants(staff, release('venueCalendar'), 'staff')).toBe(true);
    expect(grants(buyer, release('venueCalendar'), 'buyer')).toBe(false);
    // The entry's own roles come from data: the same rules without the role's name do not reach it.
    expect(grants(staff, release('venueCalendar'), '')).toBe(false);
  });
});

describe('a site’s own menu entries', () => {
  it('come from its menu.json patch, for that site only', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-menus-'));
    const entry = (key: string) => ({ key, title: { 'zh-CN': key, 'zh-TW': key, 'en-US': key, 'pt-BR': key }, path: `/${key}` });
    fs.mkdirSync(path.join(root, 'area'));
    fs.writeFileSync(path.join(root, 'area', 'menu.json'), JSON.stringify({ order: 1, menus: [entry('base')] }));
    fs.mkdirSync(path.join(root, 'sites', 'city', 'area'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'sites', 'city', 'area', 'menu.json'),
      // A site adds one entry by its key (validators/keyed-patch.ts): the base entry is not restated.
      JSON.stringify({ menus: [{ ...entry('visitors'), $add: true }] }),
    );
    expect(loadMenus(undefined, root).map((m) => m.key)).toEqual(['base']);
    expect(loadMenus('demo', root).map((m) => m.key)).toEqual(['base']);
    expect(loadMenus('city', root).map((m) => m.key)).toEqual(['base', 'visitors']);
    expect(sitesWithOwnMenus(root)).toEqual(['city']);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
