// Bad input of every kind: a clear code and message in the caller's language, never a stack
// trace, never HTTP 500, nothing changed.
import { ORGANISATIONS } from '../../server/seed/organisations.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await server.login('admin', 'Admin@12345');
});
afterAll(async () => server?.close());

const noTrace = (raw: string) => {
  expect(raw).not.toMatch(/at .*\.(ts|js):\d+/);
  expect(raw).not.toMatch(/Error:/);
};

describe('bad input', () => {
  it('names the field of a wrong type', async () => {
    const r = await server.post('/api/auth/login', { loginName: 123, password: 'x' }, { lang: 'en-US' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: '40000', msg: 'Invalid request: loginName must be text' });
    const zh = await server.post('/api/auth/login', { loginName: ['a'], password: 'x' }, { lang: 'zh-CN' });
    expect(zh.body.msg).toBe('参数错误：loginName应为文本');
  });

  it('names a missing field and a too long one', async () => {
    const logRows = () => server.database.db.selectFrom('sys_login_log').select('id').execute();
    const before = (await logRows()).length;
    const missing = await server.post('/api/auth/login', { loginName: 'admin' }, { lang: 'pt-BR' });
    expect(missing.body).toMatchObject({ code: '40000', msg: 'Requisição inválida: password é obrigatório' });
    const long = await server.post('/api/auth/login', { loginName: 'a'.repeat(65), password: 'x' }, { lang: 'zh-TW' });
    expect(long.body.msg).toBe('參數錯誤：loginName請控制在64個字元以內');
    expect(await logRows()).toHaveLength(before);
  });

  it('refuses a 10 MB body with 413 and a message', async () => {
    const big = JSON.stringify({ loginName: 'admin', password: 'x'.repeat(10 * 1024 * 1024) });
    const r = await server.request('/api/auth/login', {
      method: 'POST',
      rawBody: big,
      headers: { 'content-type': 'application/json' },
      lang: 'en-US',
    });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: '41300', msg: 'The request is too large (limit 1 MB)' });
  });

  it('refuses malformed JSON and unsupported content types', async () => {
    const bad = await server.request('/api/auth/login', {
      method: 'POST',
      rawBody: '{"loginName":',
      headers: { 'content-type': 'application/json' },
      lang: 'en-US',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: '40000', msg: 'The request body is not valid JSON' });
    noTrace(bad.raw);
    const xml = await server.request('/api/auth/login', {
      method: 'POST',
      rawBody: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    expect(xml.body.code).toBe('41500');
  });

  it('answers an unknown endpoint with 404 in the envelope', async () => {
    const r = await server.get('/api/core/nothing/here', { token: admin, lang: 'zh-CN' });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: '40400', msg: '接口不存在：GET /api/core/nothing/here' });
  });

  it('rejects bad query and path parameters', async () => {
    const r = await server.get('/api/core/dictData/getDict/' + encodeURIComponent("x'; drop table sys_user; --"), {
      token: admin,
      lang: 'en-US',
    });
    expect(r.body.code).toBe('40000');
    expect(r.body.msg).toContain('type has an invalid format');
    const noParam = await server.get('/api/core/dept/topDeptKey', { lang: 'en-US' });
    expect(noParam.body).toMatchObject({ code: '40000', msg: 'Invalid request: hostname is required' });
    const unlock = await server.post('/api/core/user/unlockPassword', { id: 'one' }, { token: admin });
    expect(unlock.body.code).toBe('40000');
    // Every demo user is still there (both organisations).
    expect(await server.database.db.selectFrom('sys_user').select('id').execute()).toHaveLength(
      ORGANISATIONS.reduce((n, o) => n + o.users.length, 0),
    );
  });

  it('answers someone else’s id as not found', async () => {
    const cityUser = await server.database.db
      .selectFrom('sys_user')
      .select('id')
      .where('login_name', '=', 'citystaff')
      .executeTakeFirstOrThrow();
    const r = await server.post('/api/core/user/unlockPassword', { id: cityUser.id }, { token: admin, lang: 'en-US' });
    expect(r.body).toMatchObject({ code: '40400', msg: 'The record does not exist or is not yours to see' });
  });

  it('never answers 500 to a flood of odd requests', async () => {
    const odd = [
      server.request('/api/auth/login', { method: 'POST', rawBody: 'null', headers: { 'content-type': 'application/json' } }),
      server.request('/api/auth/login', { method: 'POST', rawBody: '[]', headers: { 'content-type': 'application/json' } }),
      server.request('/api/auth/login', { method: 'POST', rawBody: '"x"', headers: { 'content-type': 'application/json' } }),
      server.request('/api/auth/login', { method: 'POST' }),
      server.request('/api/core/user/upPassword', { method: 'POST', body: { oldPassword: null, newPassword: {} }, token: admin }),
      server.request('/api/code/image?key=../../etc', {}),
      server.request('/api/core/dept/infoByTopDeptKey/' + 'x'.repeat(300), {}),
      server.request('/api/core/user/info', { headers: { hostname: '%%%' }, token: admin }),
      server.request('/api/core/user/info', { headers: { year: 'abcd' }, token: admin }),
    ];
    for (const r of await Promise.all(odd)) {
      expect(r.status, r.raw).toBeLessThan(500);
      expect(typeof r.body.code, r.raw).toBe('string');
      expect(r.body.code, r.raw).not.toBe('50000');
      noTrace(r.raw);
    }
  });
});

// Issue 13: inputs that passed validation and ended in a system error (50000, a stack trace in the
// log) are parameter errors naming the field; a required text of spaces alone is empty.
describe('inputs the database cannot take', () => {
  const en = () => ({ token: admin, lang: 'en-US' });
  const invalid = (r: { status: number; body: { code: string; msg: string } }, ...words: string[]) => {
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.code, r.body.msg).toBe('40000');
    for (const w of words) expect(r.body.msg).toContain(w);
  };
  const dictTypes = () => server.database.db.selectFrom('sys_dict_type').select('id').execute();

  it('refuses a NUL character or a lone surrogate in any text, naming the field, and stores nothing', async () => {
    const before = (await dictTypes()).length;
    invalid(
      await server.post('/api/core/dictType/save', { dictName: 'a\u0000b', dictType: 'sec_nul' }, en()),
      'Invalid request: Dictionary name contains a character that cannot be stored',
    );
    invalid(
      await server.post('/api/core/dictType/save', { dictName: 'x\ud800', dictType: 'sec_surrogate' }, en()),
      'cannot be stored',
    );
    invalid(
      await server.post(
        '/api/core/dictType/save',
        { dictName: 'ok', dictType: 'sec_key', remark: 'fine', extra: { 'k\u0000': 1 } },
        en(),
      ),
      'cannot be stored',
    );
    expect(await dictTypes()).toHaveLength(before);
    // A list filter and a sort field, read by the handler itself.
    invalid(await server.get('/api/core/dictType/page?dictName=a%00b', en()), 'dictName', 'cannot be stored');
    // Signing in, without a session.
    const zh = await server.post('/api/auth/login/account', { loginName: 'admin\u0000', password: 'x' }, { lang: 'zh-CN' });
    invalid(zh, '参数错误：loginName含有无法保存的字符');
  });

  it('refuses days and times that do not exist', async () => {
    const r = await server.post(
      '/api/leave/apply/save',
      { leaveType: '1', startDate: '2026-02-30', endDate: '2026-03-02', days: 1, reason: 'x' },
      en(),
    );
    invalid(r, 'has an invalid format');
    invalid(
      await server.get('/api/core/dictType/page?parameter.beginTime=2026-02-30', en()),
      'parameter.beginTime has an invalid format',
    );
    invalid(
      await server.get('/api/core/dictType/page?createdAtEnd=2026-03-01%2025:00:00', en()),
      'createdAtEnd has an invalid format',
    );
    invalid(await server.get('/api/core/user/page?parameter.endTime=2026-03-01T24:00:00Z', en()), 'parameter.endTime');
    invalid(await server.get('/api/core/dictType/page?createdAtBegin=0000-01-01', en()), 'createdAtBegin');
    // Real days pass, a leap day of a leap year too.
    expect(
      (await server.get('/api/core/dictType/page?parameter.beginTime=2024-02-29&createdAtEnd=2026-03-01%2023:59:59', en())).body
        .code,
    ).toBe('0');
  });

  it('refuses ids beyond 64 bits (and beyond what a number keeps exact) as parameter errors or unknown records', async () => {
    const big = '9223372036854775808';
    expect((await server.get(`/api/core/dictType/infoById/${big}`, en())).body.code).toBe('40400');
    invalid(await server.post('/api/core/dictType/remove', { ids: [1e20] }, en()));
    invalid(
      await server.post('/api/core/dictType/update', { id: 2 ** 64, version: 0, dictName: 'x' }, en()),
      'id must be at most',
    );
    invalid(await server.get(`/api/core/user/page?deptId=${big}`, en()), 'deptId is out of range');
    invalid(await server.get(`/api/core/role/all?ids=1,${big}`, en()), 'ids is out of range');
    invalid(
      await server.post('/api/core/menu/save', { menuName: 'x', menuKey: 'secBig', menuType: 'C', parentId: 1e21 }, en()),
      'must be at most',
    );
    invalid(
      await server.post(
        '/api/neikong/budget/save',
        { limitCode: 'SEC1', budgetName: 'x', deptId: -9223372036854775809, expenseType: '1', originalAmount: '1.00' },
        en(),
      ),
      'must be at least 0',
    );
  });

  it("refuses a required text of spaces alone with the field's 'required' message", async () => {
    invalid(
      await server.post('/api/core/dictType/save', { dictName: '   ', dictType: 'sec_blank' }, en()),
      'Dictionary name is required',
    );
    invalid(
      await server.post(
        '/api/core/dictType/save',
        { dictName: '\u3000\t', dictType: 'sec_blank' },
        { token: admin, lang: 'zh-CN' },
      ),
      '字典名称不能为空',
    );
    const saved = await server.post(
      '/api/core/dictType/save',
      { dictName: ' 有字 ', dictType: 'sec_blank', remark: '   ' },
      en(),
    );
    expect(saved.body.code, saved.body.msg).toBe('0');
    // An update may not blank it either.
    const row = saved.body.data as { id: number; version: number };
    invalid(
      await server.post('/api/core/dictType/update', { id: row.id, version: row.version, dictName: ' ' }, en()),
      'is required',
    );
  });
});

// Issue 31: an amount or a quantity with more decimals than its field takes is refused — as a JSON
// number just as as text — never rounded on the way to the database; the message names the field
// and the places allowed, in the caller's language.
describe('more decimals than the field takes', () => {
  const as = (lang: string) => ({ token: admin, lang });
  const loans = async (title: string) =>
    (await server.database.db
      .selectFrom('exp_loan' as never)
      .select(['amount' as never])
      .where('title' as never, '=', title as never)
      .execute()) as Array<{
      amount: string;
    }>;

  it('refuses a money number of three places as it refuses the same text, and stores nothing', async () => {
    for (const amount of [1.005, 2.675, '1.005', 1e-7]) {
      const title = `三位小数 ${String(amount)}`;
      const r = await server.post('/api/expense/loan/save', { title, amount }, as('en-US'));
      expect(r.status).toBe(200);
      expect(r.body, String(amount)).toMatchObject({
        code: '40000',
        msg: 'Invalid request: Amount lent has too many decimal places (at most 2)',
      });
      expect(await loans(title)).toEqual([]);
    }
    const zh = await server.post('/api/expense/loan/save', { title: '三位小数', amount: 1.005 }, as('zh-CN'));
    expect(zh.body.msg).toBe('参数错误：借款金额的小数位数过多（最多2位）');
    const tw = await server.post('/api/expense/loan/save', { title: '三位小数', amount: 1.005 }, as('zh-TW'));
    expect(tw.body.msg).toContain('借款金額的小數位數過多（最多2位）');
    const pt = await server.post('/api/expense/loan/save', { title: '三位小数', amount: 1.005 }, as('pt-BR'));
    expect(pt.body.msg).toContain('Valor adiantado tem casas decimais demais (no máximo 2)');
    // Two places, as a number or as text, are stored as sent.
    const ok = await server.post('/api/expense/loan/save', { title: '两位小数', amount: 1.05 }, as('en-US'));
    expect(ok.body.code, ok.body.msg).toBe('0');
    expect(await loans('两位小数')).toEqual([{ amount: '1.05' }]);
  });

  it('takes no days from a leave body: the server counts them from the dates (issue 34)', async () => {
    const leave = (days: number, reason: string) =>
      server.post(
        '/api/leave/apply/save',
        { leaveType: 'personal', startDate: '2026-03-02', endDate: '2026-03-03', days, reason },
        as('en-US'),
      );
    const stored = async (reason: string) =>
      server.database.db
        .selectFrom('biz_leave_apply' as never)
        .select(['days' as never])
        .where('reason' as never, '=', reason as never)
        .execute();
    // 2026-03-02 and 03 are a Monday and a Tuesday: two working days, whatever days the body says.
    for (const days of [1.005, 1.25, 1.5]) {
      const r = await leave(days, `天数 ${days}`);
      expect(r.body.code, r.body.msg).toBe('0');
      expect(await stored(`天数 ${days}`)).toEqual([{ days: 2 }]);
    }
  });

  it('refuses a line’s quantity or price with more places, naming the line, and stores nothing', async () => {
    const lines = async () =>
      (
        await server.database.db
          .selectFrom('pur_apply_line' as never)
          .select('id' as never)
          .execute()
      ).length;
    const before = await lines();
    const purchase = (quantity: unknown, unitPrice: unknown) =>
      server.post(
        '/api/purchase/apply/save',
        {
          title: '小数采购',
          purchaseType: '1',
          budgetId: 1,
          method: '1',
          items: [
            { itemName: '打印纸', quantity: 2, unitPrice: '10.00', unit: '包' },
            { itemName: '硒鼓', quantity, unitPrice, unit: '个' },
          ],
        },
        as('en-US'),
      );
    const quantity = await purchase(1.255, '300.00');
    expect(quantity.body.code).toBe('40000');
    expect(quantity.body.msg).toBe('Items, line 2: Quantity has too many decimal places (at most 2)');
    const price = await purchase(1, 2.675);
    expect(price.body.code).toBe('40000');
    expect(price.body.msg).toMatch(/^Items, line 2: .* has too many decimal places \(at most 2\)$/);
    expect(await lines()).toBe(before);
  });
});
