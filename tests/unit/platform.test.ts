import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAjv, describeError } from '../../validators/ajv.ts';
import { format, moneyText, resolveLocale } from '../../validators/locale.ts';
import { splitStatements } from '../../server/platform/db/migrate.ts';
import { siteKeyForHost } from '../../server/platform/sites.ts';
import { installGate } from '../../server/platform/gate.ts';
import { maskSecrets } from '../../server/platform/oplog.ts';
import { messages } from '../../server/platform/messages.ts';
import { LOCALES } from '../../validators/locale.ts';

describe('resolveLocale', () => {
  it.each([
    [undefined, 'en-US'],
    ['', 'en-US'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK,en;q=0.5', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['pt-PT', 'pt-BR'],
    ['fr-FR,pt-BR;q=0.7,en;q=0.9', 'en-US'],
    ['fr-FR,pt-BR;q=0.9,en;q=0.7', 'pt-BR'],
    ['de-DE', 'en-US'],
  ])('%s → %s', (header, locale) => expect(resolveLocale(header)).toBe(locale));
});

describe('siteKeyForHost', () => {
  it.each([
    ['localhost', 'demo'],
    ['demo.localhost', 'demo'],
    ['city.localhost', 'city'],
    ['CITY.localhost:8080', 'city'],
    ['www.city.localhost', 'city'],
    ['127.0.0.1', 'demo'],
    ['city.example.com', 'demo'],
    ['notlocalhost', 'demo'],
  ])('%s → %s', (host, key) => expect(siteKeyForHost(host, 'localhost', 'demo')).toBe(key));

  it('follows APP_DOMAIN', () => {
    expect(siteKeyForHost('city.neikong.example.com', 'neikong.example.com', 'demo')).toBe('city');
  });
});

describe('splitStatements', () => {
  it('splits at line-ending semicolons, keeps $$ bodies whole and drops comment-only parts', () => {
    const sql = `-- head\ncreate table a (x int);\ncreate function f() returns int as $$\nbegin;\nreturn 1;\nend;\n$$ language plpgsql;\n-- tail\n`;
    expect(splitStatements(sql)).toEqual([
      '-- head\ncreate table a (x int)',
      'create function f() returns int as $$\nbegin;\nreturn 1;\nend;\n$$ language plpgsql',
    ]);
  });
});

describe('validation messages', () => {
  const ajv = createAjv({ coerce: false });
  const validate = ajv.compile({
    type: 'object',
    required: ['title'],
    properties: { title: { type: 'string', maxLength: 50 }, amount: { type: 'integer', minimum: 1 } },
  });
  const first = (data: unknown, locale: 'zh-CN' | 'en-US') => {
    validate(data);
    return describeError(validate.errors![0]!, locale, { title: '标题' });
  };
  it('uses the field label and the limit, in the locale', () => {
    expect(first({}, 'zh-CN')).toBe('标题不能为空');
    expect(first({ title: 'x'.repeat(51) }, 'zh-CN')).toBe('标题请控制在50个字符以内');
    expect(first({ title: 'ok', amount: 0 }, 'en-US')).toBe('amount must be at least 1');
    expect(first({ title: 5 }, 'en-US')).toBe('标题 must be text');
  });
  it('holds money to its minimum and maximum in exact cents, as text or number', () => {
    const money = ajv.compile({
      type: 'object',
      properties: {
        fee: {
          anyOf: [{ type: 'string', pattern: '^-?\\d+(\\.\\d{1,2})?$' }, { type: 'number' }],
          'x-moneyMinimum': 0.01,
          'x-moneyMaximum': 100,
        },
      },
    });
    const verdicts = ['0.01', '100', '100.00', 50, '0', '0.00', -1, '100.01', 100.01, '99999999999999.99'].map((fee) =>
      money({ fee }),
    );
    expect(verdicts).toEqual([true, true, true, true, false, false, false, false, false, false]);
    money({ fee: '0.00' });
    expect(describeError(money.errors![0]!, 'zh-CN', { fee: '费用' })).toBe('费用不能小于0.01');
    money({ fee: '100.01' });
    expect(describeError(money.errors![0]!, 'en-US', { fee: 'Fee' })).toBe('Fee must be at most 100');
    // Not an amount at all: the pattern says so, not the limit.
    expect(money({ fee: 'abc' })).toBe(false);
    expect(money.errors![0]!.keyword).not.toMatch(/money/);
  });
  it('does not coerce body types', () => {
    expect(validate({ title: 5 })).toBe(false);
    expect(createAjv({ coerce: true }).compile({ type: 'object', properties: { n: { type: 'integer' } } })({ n: '5' })).toBe(
      true,
    );
  });
});

describe('server messages', () => {
  it('exist in every locale', () => {
    for (const [key, texts] of Object.entries(messages)) {
      for (const locale of LOCALES) expect((texts as Record<string, string>)[locale], `${key} ${locale}`).toBeTruthy();
    }
  });
});

describe('gate', () => {
  it('refuses to register an API route that declares no permission', async () => {
    const app = Fastify();
    installGate(app, {} as never);
    app.get('/api/ok', { config: { permission: 'login' } }, async () => 'ok');
    expect(() => app.get('/api/forgot', async () => 'no')).toThrow('route GET /api/forgot declares no config.permission');
    await app.close();
  });
});

describe('maskSecrets', () => {
  it('hides every password-like value at any depth', () => {
    expect(maskSecrets({ body: { loginName: 'a', password: 'x', nested: [{ newPassword: 'y', token: 'z' }] } })).toEqual({
      body: { loginName: 'a', password: '******', nested: [{ newPassword: '******', token: '******' }] },
    });
  });
});

describe('shared formats', () => {
  const ajv = createAjv({ coerce: false });
  const check = (format: string, value: string) => ajv.compile({ type: 'string', format })(value);
  it('checks IPv4 addresses', () => {
    expect(check('ipv4', '192.168.1.10')).toBe(true);
    expect(check('ipv4', '256.1.1.1')).toBe(false);
    expect(check('ipv4', '1.2.3')).toBe(false);
  });
  it('checks money as exact decimals with at most two places', () => {
    expect(check('money', '1234567.89')).toBe(true);
    expect(check('money', '-0.5')).toBe(true);
    expect(check('money', '1.234')).toBe(false);
    expect(check('money', '1e5')).toBe(false);
  });
  it('checks file names: at most 80 characters, no path', () => {
    expect(check('fileName', '预算说明.xlsx')).toBe(true);
    expect(check('fileName', `${'长'.repeat(76)}.pdf`)).toBe(true);
    expect(check('fileName', `${'长'.repeat(77)}.pdf`)).toBe(false);
    expect(check('fileName', '../etc/passwd')).toBe(false);
  });
});

describe('message placeholders', () => {
  it('print {x:money} grouped by thousands the way the language writes amounts, and anything else as it is', () => {
    expect(format('可用 {a:money} 元，需要 {b:money} 元', { a: '1234567.50', b: 2000000 }, 'zh-CN')).toBe(
      '可用 1,234,567.50 元，需要 2,000,000.00 元',
    );
    expect(format('{a:money} disponível', { a: '-1234.5' }, 'pt-BR')).toBe('-1.234,50 disponível');
    expect(format('{a} and {missing:money}', { a: '1234.00' }, 'en-US')).toBe('1234.00 and {missing:money}');
    expect(moneyText('999.00')).toBe('999.00');
    expect(moneyText('0.01')).toBe('0.01');
    expect(moneyText('100000')).toBe('100,000.00');
    expect(moneyText('n/a')).toBe('n/a');
  });
});
