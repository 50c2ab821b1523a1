// The supplier register (issue 33, DOMAIN.md "Suppliers are a register per site … picked, not
// typed"): a supplier is taken with a unified social credit code whose GB 32100-2015 check character
// is right and a name the site does not have yet; the pick endpoint offers only active suppliers
// (marking lapsed qualifications); a contract or a purchase naming a suspended supplier, or another
// site's, is refused in the register's words; choosing one copies its name, tax id, bank, account
// and contact onto the document, which keeps them when the register changes later. The hospital's
// medical suppliers carry their trading licences. Who may keep the register and who only reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';
import { usccCheckChar } from '../../validators/uscc.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
const YEAR = '2038';

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['buyer', 'assets', 'finance', 'head', 'staff', 'principal', 'deputy', 'deputy2', 'secretary'])
    tokens[name] = await server.login(name, 'Demo@12345');
  tokens.citybuyer = await server.login('citybuyer', 'City@12345', 'city');
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  site: who.startsWith('city') ? 'city' : 'demo',
  lang,
  headers: { year: YEAR },
});
function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}

let n = 0;
/**
 * The code of a fictitious organisation registered in 示范区 (110108) or the city (320100), its check
 * character worked out as GB 32100-2015 says (tests/unit/uscc.test.ts has published ones).
 */
function code(region = '110108'): string {
  const body = `91${region}${String(++n).padStart(9, '0')}`;
  return body + usccCheckChar(body)!;
}
/** A supplier body with a name and code of its own. */
function supplier(more: Row = {}): Row {
  return {
    name: `测试供应商${++n}有限公司`,
    taxId: code(),
    kind: '1',
    bank: '中国银行示范区支行',
    bankAccount: '6216 6101 0000 1234',
    contact: '测试联系人',
    phone: '010-1234 5678',
    qualificationExpiry: '2099-12-31',
    status: '0',
    ...more,
  };
}
const save = (who: string, body: Row, lang?: string) => server.post('/api/purchase/supplier/save', body, as(who, lang));
const info = async (who: string, id: number) => ok(await server.get(`/api/purchase/supplier/infoById/${id}`, as(who)));

async function indicator(): Promise<number> {
  const limitCode = `SUP-${++n}`;
  const body = {
    limitCode,
    budgetName: `设备购置${limitCode}`,
    deptId: dept['总务处'],
    expenseType: '3',
    economicClass: '31002',
    fundSource: '1',
    projectName: '设备购置',
    originalAmount: '900000.00',
  };
  return Number(ok(await server.post('/api/neikong/budget/save', body, as('admin'))).id);
}
const contract = (budgetId: number, more: Row) => ({
  name: `供应商测试合同 ${++n}`,
  kind: '1',
  amount: '12000.00',
  budgetId,
  startDate: '2038-03-01',
  endDate: '2038-12-31',
  stampKind: 'sale',
  instalments: [{ planDate: '2038-06-30', amount: '12000.00' }],
  ...more,
});

describe('the supplier register', () => {
  it('takes a supplier with a valid tax id, once per name', async () => {
    const first = supplier();
    const saved = ok(await save('buyer', first));
    const row = await info('buyer', saved.id);
    expect(row).toMatchObject({ taxId: first.taxId, status: '0', qualificationState: '0', kind: '1' });

    // The check character is GB 32100-2015's: a wrong one is refused with words saying what a code is.
    const bad = await save('buyer', supplier({ taxId: '91110000600037341N' }));
    expect(bad.body.code).toBe('40000');
    expect(bad.body.msg).toBe(
      '参数错误：统一社会信用代码不正确：统一社会信用代码为 18 位数字或大写字母（不含 I、O、S、V、Z），末位校验码须符合 GB 32100-2015',
    );
    const badEn = await save('buyer', supplier({ taxId: '91110000600037341n' }), 'en-US');
    expect(badEn.body.msg).toMatch(/Unified social credit code is wrong: a unified social credit code is 18 digits/);
    // The published code of tests/unit/uscc.test.ts is taken.
    ok(await save('buyer', supplier({ taxId: '91110000600037341L' })));

    // One name per site (and one tax id).
    const again = await save('buyer', supplier({ name: row.name }));
    expect(again.body.code).toBe('40900');
    expect(again.body.msg).toBe(`供应商名称“${row.name}”已存在`);
    const sameCode = await save('buyer', supplier({ taxId: first.taxId }));
    expect(sameCode.body.msg).toBe(`统一社会信用代码“${first.taxId}”已存在`);
  });

  it('is kept by purchasing and the asset keeper, read by finance and department heads', async () => {
    ok(await save('assets', supplier()));
    const byFinance = await save('finance', supplier());
    expect(byFinance.body.code).toBe('40103');
    expect(ok(await server.get('/api/purchase/supplier/page?pageSize=5', as('finance'))).total).toBeGreaterThan(0);
    // A department head files contracts: the picker reads the register, the register is not theirs to edit.
    expect(ok(await server.get('/api/purchase/supplier/pick?pageSize=5', as('head'))).total).toBeGreaterThan(0);
    expect((await save('head', supplier())).body.code).toBe('40103');
    expect((await server.get('/api/purchase/supplier/pick', as('staff'))).body.code).toBe('40103');
  });

  it('offers only active suppliers to the pickers, marking lapsed qualifications', async () => {
    const active = ok(await save('buyer', supplier({ name: '在用供应商有限公司', taxId: code() })));
    const lapsedCode = code();
    const lapsed = ok(
      await save('buyer', supplier({ name: '资质过期供应商有限公司', taxId: lapsedCode, qualificationExpiry: '2000-01-01' })),
    );
    const suspended = ok(await save('buyer', supplier({ name: '暂停合作供应商有限公司', taxId: code(), status: '1' })));
    const offered = ok(await server.get('/api/purchase/supplier/pick?pageSize=100', as('buyer'))).records as Row[];
    const names = offered.map((r) => r.name);
    expect(names).toContain(active.name);
    expect(names).toContain(lapsed.name);
    expect(names).not.toContain(suspended.name);
    // The demo's security company was suspended when its contract was terminated.
    expect(names).not.toContain('示范区保安服务有限公司');
    expect(offered.find((r) => r.id === lapsed.id)).toMatchObject({ qualificationState: '1' });
    expect(offered.find((r) => r.id === active.id)).toMatchObject({ qualificationState: '0' });
    // Searched by name or tax id (the picker's keyword).
    const found = ok(await server.get(`/api/purchase/supplier/pick?keyword=${lapsedCode}`, as('buyer'))).records as Row[];
    expect(found.map((r) => r.name)).toEqual([lapsed.name]);
    // A document that already names a suspended supplier still shows its label (asked by id).
    const labels = ok(await server.get(`/api/purchase/supplier/pick?ids=${suspended.id}`, as('buyer'))).records as Row[];
    expect(labels.map((r) => r.name)).toEqual([suspended.name]);
    // The register's own list shows every supplier, suspended ones too.
    const all = ok(await server.get('/api/purchase/supplier/page?pageSize=100&status=1', as('buyer'))).records as Row[];
    expect(all.map((r) => r.name)).toContain(suspended.name);
  });
});

describe('a contract picks its counterparty from the register', () => {
  it("takes the supplier's name, tax id, bank, account and contact, and keeps them when the register changes", async () => {
    const budgetId = await indicator();
    const taxId = code();
    const s = ok(
      await save(
        'buyer',
        supplier({
          name: '名录带出供应商有限公司',
          taxId,
          bank: '中国工商银行示范区支行',
          bankAccount: '0200 1234 5678 9012',
          contact: '陈经理',
          phone: '010-8888 6666',
        }),
      ),
    );
    // Whatever the body types for the counterparty, the register's values are taken.
    const saved = ok(
      await server.post(
        '/api/contract/contract/save',
        contract(budgetId, { supplierId: s.id, counterparty: '手填的名称', counterpartyAccount: '9999 9999' }),
        as('buyer'),
      ),
    );
    const row = ok(await server.get(`/api/contract/contract/infoById/${saved.id}`, as('buyer')));
    expect(row).toMatchObject({
      supplierId: s.id,
      supplierIdLabel: '名录带出供应商有限公司',
      counterparty: '名录带出供应商有限公司',
      counterpartyTaxId: taxId,
      counterpartyBank: '中国工商银行示范区支行',
      counterpartyAccount: '0200 1234 5678 9012',
      counterpartyContact: '陈经理',
      counterpartyPhone: '010-8888 6666',
    });
    // Without a supplier and without a name, the contract has no counterparty.
    const none = await server.post('/api/contract/contract/save', contract(budgetId, {}), as('buyer'));
    expect(none.body.msg).toBe('请选择供应商或填写相对方名称');

    // The register changes the account later: the contract keeps what it was made with.
    const current = await info('buyer', s.id);
    ok(
      await server.post(
        '/api/purchase/supplier/update',
        { id: s.id, version: current.version, bankAccount: '0200 0000 0000 0001', contact: '新联系人' },
        as('buyer'),
      ),
    );
    const kept = ok(await server.get(`/api/contract/contract/infoById/${saved.id}`, as('buyer')));
    expect(kept).toMatchObject({ counterpartyAccount: '0200 1234 5678 9012', counterpartyContact: '陈经理' });
    // An edit of the contract that leaves the supplier out keeps its snapshot too.
    ok(
      await server.post(
        '/api/contract/contract/update',
        { id: saved.id, version: kept.version, remark: '补充说明' },
        as('buyer'),
      ),
    );
    expect(ok(await server.get(`/api/contract/contract/infoById/${saved.id}`, as('buyer')))).toMatchObject({
      counterpartyAccount: '0200 1234 5678 9012',
      remark: '补充说明',
    });
  });

  it("refuses a suspended supplier and another site's, in four languages", async () => {
    const budgetId = await indicator();
    const stopped = ok(await save('buyer', supplier({ name: '已暂停供应商有限公司', taxId: code(), status: '1' })));
    const refused = await server.post('/api/contract/contract/save', contract(budgetId, { supplierId: stopped.id }), as('buyer'));
    expect(refused.body.code).toBe('40000');
    expect(refused.body.msg).toBe('供应商“已暂停供应商有限公司”已暂停合作，不能选用，请在供应商名录中选择合作中的供应商');
    const words: Record<string, string> = {
      'zh-TW': '供應商「已暫停供應商有限公司」已暫停合作',
      'en-US': 'Supplier "已暂停供应商有限公司" is suspended and cannot be chosen',
      'pt-BR': 'O fornecedor "已暂停供应商有限公司" está suspenso',
    };
    for (const [lang, start] of Object.entries(words)) {
      const r = await server.post(
        '/api/contract/contract/save',
        contract(budgetId, { supplierId: stopped.id }),
        as('buyer', lang),
      );
      expect(r.body.msg, lang).toContain(start.replace('已暫停供應商有限公司', '已暂停供应商有限公司'));
    }

    // The hospital's supplier is no supplier of the school: told as one missing from the register.
    const cityOwn = ok(await save('citybuyer', supplier({ name: '医院的供应商有限公司', taxId: code('320100') })));
    const foreign = await server.post('/api/contract/contract/save', contract(budgetId, { supplierId: cityOwn.id }), as('buyer'));
    expect(foreign.body.code).toBe('40000');
    expect(foreign.body.msg).toBe('供应商不在本单位的供应商名录中，请从名录中选择');
    const foreignEn = await server.post(
      '/api/contract/contract/save',
      contract(budgetId, { supplierId: cityOwn.id }),
      as('buyer', 'en-US'),
    );
    expect(foreignEn.body.msg).toBe("Supplier is not in this organisation's supplier register: pick one from the register");
    // Nor does the school read it.
    expect((await server.get(`/api/purchase/supplier/infoById/${cityOwn.id}`, as('buyer'))).body.code).toBe('40400');

    // A supplier whose qualifications lapsed is marked, not refused (docs/decisions.md).
    const lapsed = ok(
      await save('buyer', supplier({ name: '资质过期但可选有限公司', taxId: code(), qualificationExpiry: '2001-01-01' })),
    );
    ok(await server.post('/api/contract/contract/save', contract(budgetId, { supplierId: lapsed.id }), as('buyer')));
  });
});

describe('a purchase is bought from a supplier of the register', () => {
  it("takes the supplier's name when bought, refusing a suspended one", async () => {
    const budgetId = await indicator();
    const p = ok(
      await server.post(
        '/api/purchase/apply/save',
        {
          title: `供应商采购 ${++n}`,
          purchaseType: '1',
          budgetId,
          method: '1',
          items: [{ itemName: '激光打印机', quantity: 2, unitPrice: '2100.00', unit: '台' }],
        },
        as('buyer'),
      ),
    );
    ok(await server.post(`/api/purchase/apply/submit?id=${p.id}&confirmed=1`, {}, as('buyer')));
    // Down the chain, whoever holds each step (the process is the site's: not this file's subject).
    for (let step = 0; step < 10; step++) {
      if (ok(await server.get(`/api/purchase/apply/infoById/${p.id}`, as('buyer'))).approvalStatus !== '1') break;
      for (const who of ['assets', 'head', 'finance', 'deputy', 'deputy2', 'principal', 'secretary', 'admin']) {
        const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
        const task = tasks.find((t) => t.entity === 'purchaseApply' && t.businessKey === p.id);
        if (!task) continue;
        ok(await server.post('/api/workflow/task/approve', { taskId: task.id, comment: '同意' }, as(who)));
        break;
      }
    }
    expect(ok(await server.get(`/api/purchase/apply/infoById/${p.id}`, as('buyer'))).approvalStatus).toBe('2');

    const stopped = ok(await save('buyer', supplier({ name: '采购暂停供应商有限公司', taxId: code(), status: '1' })));
    const body = { id: p.id, procuredDate: '2038-04-20', actualMoney: '4000.00' };
    const refused = await server.post(`/api/purchase/apply/procure?id=${p.id}`, { ...body, supplierId: stopped.id }, as('buyer'));
    expect(refused.body.msg).toBe('供应商“采购暂停供应商有限公司”已暂停合作，不能选用，请在供应商名录中选择合作中的供应商');
    // Neither a supplier nor a name: refused.
    const nobody = await server.post(`/api/purchase/apply/procure?id=${p.id}`, body, as('buyer'));
    expect(nobody.body.msg).toBe('请选择供应商');

    const chosen = ok(await save('buyer', supplier({ name: '采购中标供应商有限公司', taxId: code() })));
    ok(
      await server.post(
        `/api/purchase/apply/procure?id=${p.id}`,
        { ...body, supplierId: chosen.id, supplier: '随手写的' },
        as('buyer'),
      ),
    );
    expect(ok(await server.get(`/api/purchase/apply/infoById/${p.id}`, as('buyer')))).toMatchObject({
      purchaseState: '1',
      supplierId: chosen.id,
      supplier: '采购中标供应商有限公司',
    });
  });
});

describe("the hospital's medical suppliers", () => {
  it('carry a trading licence, its lapse marking the supplier', async () => {
    const medical = (more: Row) => supplier({ kind: '4', name: `医疗供应商${++n}有限公司`, taxId: code('320100'), ...more });
    const without = await save('citybuyer', medical({}));
    expect(without.body.msg).toBe('医疗类供应商须登记医疗器械经营许可证或药品经营许可证');
    const noDate = await save('citybuyer', medical({ deviceLicenceNo: '苏宁食药监械经营许20200001号' }));
    expect(noDate.body.msg).toBe('请填写医疗器械经营许可证的有效期');
    const lapsed = ok(
      await save(
        'citybuyer',
        medical({
          deviceLicenceNo: '苏宁食药监械经营许20200001号',
          deviceLicenceExpiry: '2001-01-01',
          qualificationExpiry: '2099-01-01',
        }),
      ),
    );
    expect(ok(await server.get(`/api/purchase/supplier/infoById/${lapsed.id}`, as('citybuyer')))).toMatchObject({
      deviceLicenceNo: '苏宁食药监械经营许20200001号',
      qualificationState: '1',
    });
    // The seeded register: a device distributor, a drug distributor and the reagent supplier whose licence lapsed.
    const rows = ok(await server.get('/api/purchase/supplier/pick?pageSize=100&kind=4', as('citybuyer'))).records as Row[];
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['市医疗器械有限公司', '国药控股市分公司', '市检验试剂供应有限公司']),
    );
    expect(rows.find((r) => r.name === '市检验试剂供应有限公司')).toMatchObject({ qualificationState: '1' });
    // The school's suppliers carry no licence fields.
    const school = ok(await server.get('/api/purchase/supplier/page?pageSize=1', as('buyer'))).records[0] as Row;
    expect(school).not.toHaveProperty('deviceLicenceNo');
  });

  it('is what the seeded purchases and contracts name', async () => {
    const contracts = ok(await server.get('/api/contract/contract/page?pageSize=100', { ...as('citybuyer'), headers: {} }))
      .records as Row[];
    const service = contracts.find((c) => c.name === 'CT及DR设备年度维保服务合同')!;
    expect(service).toMatchObject({ supplierIdLabel: '市医疗设备技术服务有限公司', counterpartyTaxId: '91320100MA1WB9D45A' });
    const lights = (
      ok(await server.get('/api/contract/contract/page?pageSize=100', { ...as('buyer'), headers: {} })).records as Row[]
    ).find((c) => c.name === '体育馆LED照明灯具采购合同')!;
    expect(lights).toMatchObject({ supplierIdLabel: '示范区光明照明科技有限公司', counterpartyTaxId: '91110108MA01GM8K1L' });
  });
});
