// Files (spec section 7 "Files"): POST /api/core/upload stores a file and answers {uid, fileName,
// url}; GET /api/core/download/{type}/{key} sends it back to a signed-in user of its site, or to
// anyone holding a short-lived signed link (previews open in a new window, which sends no token).
import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../app.ts';
import { defineHooks } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller, headerText, siteOf } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { FILE_NAME_MAX } from '../../../validators/formats.ts';
import { LocalStorage } from './storage.ts';
import { downloadUrl, keyOf } from '../../platform/file-urls.ts';

const SIGNED_LINK_MS = 5 * 60_000;
const DEFAULT_MAX_MB = 20;
/** Types a browser may show in place; everything else is always an attachment. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|bmp|webp)|application\/pdf|text\/plain)$/;

function sign(s: Services, siteId: number, key: string, expires: number): string {
  return crypto.createHmac('sha256', s.secret).update(`${siteId}:${key}:${expires}`).digest('base64url');
}

export default function fileRoutes(app: FastifyInstance, s: Services) {
  const storage = new LocalStorage(s.config.dataDir);

  // Removing a file's row removes the file.
  defineHooks('file', {
    afterRemove({ site }, rows) {
      for (const row of rows) if (typeof row.url === 'string') storage.remove(site.key, keyOf(row.url) ?? '');
    },
  });

  const upload = async (request: FastifyRequest, storageKind: 'local' | 'oss') => {
    const { site, principal } = caller(request);
    if (!request.isMultipart()) throw new AppError(Code.invalid, 'upload.noFile');
    const maxMb = Number(await s.siteConfig.value(site.id, 'upload.maxSizeMb')) || DEFAULT_MAX_MB;
    const part = await request.file({ limits: { fileSize: maxMb * 1024 * 1024, files: 1 } });
    if (!part) throw new AppError(Code.invalid, 'upload.noFile');
    const fileName = path.basename(part.filename.replace(/\\/g, '/')).trim();
    if (!fileName || fileName.length > FILE_NAME_MAX || /[\u0000-\u001f]/.test(fileName)) {
      part.file.resume();
      throw new AppError(Code.invalid, 'upload.nameTooLong', { max: FILE_NAME_MAX });
    }
    const now = new Date(s.clock.now());
    const ext = path.extname(fileName).slice(1).toLowerCase();
    const { key, size } = await storage.put(site.key, ext, part.file, now);
    if (part.file.truncated) {
      storage.remove(site.key, key);
      throw new AppError(Code.tooLarge, 'request.tooLarge', { limit: `${maxMb} MB` }, null, 413);
    }
    const url = downloadUrl(key, fileName);
    const row = await s.database.db
      .insertInto('sys_file' as never)
      .values({
        top_dept_id: site.id,
        file_name: fileName,
        url,
        size,
        content_type: (part.mimetype || 'application/octet-stream').slice(0, 100),
        storage: storageKind,
        path: key,
        created_by: principal.userId,
        updated_by: principal.userId,
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id' as never)
      .executeTakeFirstOrThrow();
    const id = (row as { id: number }).id;
    return {
      code: Code.ok,
      data: { id, uid: String(id), fileName, name: fileName, url, size, status: 'done' },
      msg: t('upload.done', request.locale, { file: fileName }),
    };
  };

  app.post('/core/upload', { config: { permission: 'login', log: { module: 'file', action: 'add' } } }, (request) =>
    upload(request, 'local'),
  );

  // Object storage is a per-site setting (upload.useOss); no site has a bucket configured yet.
  app.post('/core/oss/upload', { config: { permission: 'login' } }, async (request) => {
    const { site } = caller(request);
    if (!(await s.siteConfig.flag(site.id, 'upload.useOss'))) return upload(request, 'local');
    throw new AppError(Code.notEnabled, 'upload.ossNotConfigured');
  });

  // A link that works without a token for five minutes: for previews in a new window.
  app.post(
    '/core/file/sign',
    {
      config: { permission: 'login' },
      schema: { body: { type: 'object', required: ['url'], properties: { url: { type: 'string', maxLength: 600 } } } },
    },
    async (request) => {
      const { site } = caller(request);
      const url = (request.body as { url: string }).url;
      const key = keyOf(url);
      if (!key || !storage.exists(site.key, key)) throw new AppError(Code.notFound, 'record.notFound');
      const expires = s.clock.now() + SIGNED_LINK_MS;
      const fileName = new URL(url, 'http://x').searchParams.get('fileName') ?? path.basename(key);
      const signed = `${downloadUrl(key, fileName)}&inline=1&expires=${expires}&signature=${sign(s, site.id, key, expires)}`;
      return { code: Code.ok, data: { url: signed, expires }, msg: t('ok', request.locale) };
    },
  );

  app.get<{ Params: { type: string; '*': string }; Querystring: Record<string, string> }>(
    '/core/download/:type/*',
    { config: { permission: 'public' } },
    async (request, reply) => {
      const site = siteOf(request);
      const key = request.params['*'];
      const q = request.query;
      const token = headerText(request, 'token');
      if (token) {
        const session = await s.sessions.verify(token);
        if (!session || session.siteId !== site.id) throw new AppError(Code.loginExpired, 'auth.loginExpired');
      } else {
        const expires = Number(q.expires);
        const expected = sign(s, site.id, key, expires);
        const given = String(q.signature ?? '');
        const valid =
          Number.isFinite(expires) &&
          expires > s.clock.now() &&
          given.length === expected.length &&
          crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
        if (!valid) throw new AppError(Code.loginExpired, 'auth.loginExpired');
      }
      if (!['local', 'oss'].includes(request.params.type) || !storage.exists(site.key, key)) {
        throw new AppError(Code.notFound, 'record.notFound', undefined, null, 404);
      }
      const row = (await s.database.db
        .selectFrom('sys_file' as never)
        .select(['file_name', 'content_type'] as never)
        .where('top_dept_id' as never, '=', site.id as never)
        .where('path' as never, '=', key as never)
        .executeTakeFirst()) as { file_name: string; content_type: string } | undefined;
      const fileName = (q.fileName || row?.file_name || path.basename(key)).slice(0, 200);
      const type = row?.content_type ?? 'application/octet-stream';
      const inline = q.inline === '1' && INLINE_TYPES.test(type);
      reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(fileName)}`);
      const stream = storage.read(site.key, key);
      // `delete` (spec section 7) removes a temporary file (under tmp/) once it has been sent.
      if (q.delete === 'true' && key.startsWith('tmp/')) stream.on('close', () => storage.remove(site.key, key));
      return reply.send(stream);
    },
  );
}
