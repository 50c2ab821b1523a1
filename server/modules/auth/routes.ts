// /api/auth/*, /api/code/image, /api/account/sms*: signing in and out (spec section 7).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { headerText, siteOf } from '../../platform/gate.ts';
import { t, type MessageKey } from '../../platform/messages.ts';
import { CAPTCHA_KEY } from './captcha.ts';
import { signIn, type Credentials } from './login.ts';
import { registerUser } from './register.ts';

const credentials = {
  type: 'object',
  required: ['loginName', 'password'],
  properties: {
    loginName: { type: 'string', minLength: 1, maxLength: 64 },
    password: { type: 'string', minLength: 1, maxLength: 128 },
    captchaKey: { type: 'string', maxLength: 64 },
    captchaCode: { type: 'string', maxLength: 16 },
  },
} as const;

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: headerText(request, 'user-agent') || null };
}

export default function authRoutes(app: FastifyInstance, s: Services) {
  const login = async (request: FastifyRequest) => {
    const site = siteOf(request);
    const token = await signIn(s, site, request.body as Credentials, clientOf(request));
    return { code: Code.ok, data: { token }, msg: t('ok', request.locale) };
  };

  app.post('/auth/login', { config: { permission: 'public' }, schema: { body: credentials } }, login);
  app.post<{ Params: { loginType: string } }>(
    '/auth/login/:loginType',
    { config: { permission: 'public' }, schema: { body: credentials } },
    async (request) => {
      if (request.params.loginType !== 'account') {
        throw new AppError(Code.notEnabled, 'auth.notEnabled', { feature: request.params.loginType.slice(0, 32) });
      }
      return login(request);
    },
  );

  // Logging out always succeeds for the client (spec section 4 clears it anyway); a live token is revoked.
  app.post('/auth/logout', { config: { permission: 'public', site: false } }, async (request) => {
    const token = headerText(request, 'token');
    if (token) await s.sessions.revoke(token);
    return { code: Code.ok, data: null, msg: t('ok', request.locale) };
  });

  app.get<{ Querystring: { key?: string } }>(
    '/code/image',
    {
      config: { permission: 'public' },
      schema: { querystring: { type: 'object', properties: { key: { type: 'string', pattern: CAPTCHA_KEY.source } } } },
    },
    async (request, reply) => {
      const { key, png } = await s.captchas.issue(siteOf(request).id, request.query.key);
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'no-store')
        .header('captcha-key', key)
        .header('access-control-expose-headers', 'captcha-key')
        .send(png);
    },
  );

  app.post(
    '/auth/register',
    {
      config: { permission: 'public', log: { module: 'user', action: 'add' } },
      schema: {
        body: {
          type: 'object',
          required: ['loginName', 'password', 'realName'],
          properties: {
            loginName: { type: 'string', minLength: 2, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' },
            password: { type: 'string', minLength: 1, maxLength: 64 },
            realName: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
      },
    },
    async (request) => {
      const site = siteOf(request);
      if (!(await s.siteConfig.flag(site.id, 'sys.account.registerUser'))) {
        throw new AppError(Code.notEnabled, 'auth.notEnabled', { feature: t('feature.register', request.locale) });
      }
      const id = await registerUser(s, site, request.body as { loginName: string; password: string; realName: string });
      return { code: Code.ok, data: { id }, msg: t('ok', request.locale) };
    },
  );

  // No mail or SMS gateway is configured for any site, so these stay switched off (docs/decisions.md).
  const notEnabled = (feature: MessageKey) => async (request: FastifyRequest) => {
    throw new AppError(Code.notEnabled, 'auth.notEnabled', { feature: t(feature, request.locale) });
  };
  app.post('/auth/forge-password', { config: { permission: 'public' } }, notEnabled('feature.forgePassword'));
  app.post('/auth/2step-code', { config: { permission: 'public' } }, notEnabled('feature.twoStep'));
  app.post('/account/sms', { config: { permission: 'public' } }, notEnabled('feature.sms'));
  app.post('/account/sms_err', { config: { permission: 'public' } }, notEnabled('feature.sms'));
}
