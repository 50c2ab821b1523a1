// Files (spec section 7 "Files"): POST /api/core/upload stores a file and answers {uid, fileName,
// url}; GET /api/core/download/{type}/{key} sends it back to a signed-in user of its site, or to
// anyone holding a short-lived signed link (previews open in a new window, which sends no token).
// With upload.useOss on, POST /api/core/oss/upload stores into the site's master storage
// configuration (server/modules/oss): an S3 bucket, or the local disk; those files download from
// /api/core/download/oss/{key}, streamed from the bucket of the configuration that stored them.
import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { defineHooks } from '../../entities/hooks.ts';
import { AppError, Code } from '../../platform/errors.ts';
import { caller, headerText, siteOf } from '../../platform/gate.ts';
import { t } from '../../platform/messages.ts';
import { FILE_NAME_MAX } from '../../../validators/formats.ts';
import { LocalStorage } from './storage.ts';
import { firstUse } from './usage.ts';
import { downloadUrl, keyOf } from '../../platform/file-urls.ts';
import { ossConfigRow, s3Of, type S3Storage } from '../oss/storage.ts';

const SIGNED_LINK_MS = 5 * 60_000;
const DEFAULT_MAX_MB = 20;
/** Types a browser may show in place; everything else is always an attachment. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|bmp|webp)|application\/pdf|text\/plain)$/;

/** An object-storage file's link: the local one with the `oss` type. */
const ossDownloadUrl = (key: string, fileName: string) =>
  downloadUrl(key, fileName).replace('/download/local/', '/download/oss/');

/** Where a file of sys_file lives: its storage kind and, for object storage, the configuration. */
interface StoredFile {
  file_name: string;
  content_type: string;
  storage: string;
  extend: { ossConfigId?: number } | null;
}

function sign(s: Services, siteId: number, key: string, expires: number): string {
  return crypto.createHmac('sha256', s.secret).update(`${siteId}:${key}:${expires}`).digest('base64url');
}

export default function fileRoutes(app: FastifyInstance, s: Services) {
  const storage = new LocalStorage(s.config.dataDir);

  /** The bucket of an object-storage file: the configuration that stored it, else the master. */
  const bucketOf = async (db: Parameters<typeof ossConfigRow>[0], siteId: number, file: Pick<StoredFile, 'extend'>) => {
    const id = Number(file.extend?.ossConfigId);
    return s3Of(await ossConfigRow(db, siteId, Number.isInteger(id) && id > 0 ? id : undefined));
  };

  // Removing a file's row removes the file: from the disk, or from its bucket once the rows are gone.
  // A file a document still lists stays (docs/decisions.md "Files in use"): the remove is refused,
  // naming the document, and nothing is removed.
  const inBuckets = new WeakMap<object, Array<{ bucket: S3Storage; key: string }>>();
  defineHooks('file', {
    async beforeRemove({ site, trx, request }, rows) {
      const ids = rows.map((r) => Number(r.id));
      if (!ids.length) return;
      const found = (await trx
        .selectFrom('sys_file')
        .select(['id', 'path', 'storage', 'extend'])
        .where('top_dept_id', '=', site.id)
        .where('id', 'in', ids)
        .execute()) as Array<{ id: number; path: string | null; storage: string; extend: StoredFile['extend'] }>;
      const use = await firstUse(
        trx,
        s.schemas.forSite(site.key).entities.values(),
        site.id,
        found.map((f) => f.path).filter((p): p is string => Boolean(p)),
      );
      if (use) {
        const id = found.find((f) => f.path === use.key)?.id;
        const file = rows.find((r) => Number(r.id) === id);
        const locale = request.locale;
        throw new AppError(Code.conflict, 'file.inUse', {
          file: String(file?.fileName ?? path.basename(use.key)),
          doc: s.schemas.texts[use.entity.title]?.[locale] ?? use.entity.name,
          name: use.label ?? `#${use.id}`,
        });
      }
      const objects = [];
      for (const f of found.filter((x) => x.storage === 'oss')) {
        const bucket = await bucketOf(trx, site.id, f);
        if (bucket && f.path) objects.push({ bucket, key: f.path });
      }
      inBuckets.set(rows, objects);
    },
    afterRemove({ site, request }, rows) {
      for (const row of rows)
        if (typeof row.url === 'string' && row.storage !== 'oss') storage.remove(site.key, keyOf(row.url) ?? '');
      for (const { bucket, key } of inBuckets.get(rows) ?? [])
        bucket.remove(site.key, key).catch((err) => request.log.warn({ err, key }, 'object storage: remove failed'));
    },
  });

  const upload = async (
    request: FastifyRequest,
    storageKind: 'local' | 'oss',
    bucket: S3Storage | null = null,
    configId?: number,
  ) => {
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
    let stored: { key: string; size: number };
    if (bucket) {
      try {
        stored = await bucket.put(site.key, ext, part.file, now, () => part.file.truncated);
      } catch (err) {
        request.log.warn({ err }, 'object storage: upload failed');
        throw new AppError(Code.notEnabled, 'upload.ossFailed');
      }
    } else stored = await storage.put(site.key, ext, part.file, now);
    const { key, size } = stored;
    if (part.file.truncated) {
      // A cut upload never reached the bucket (S3Storage.put); the local copy goes.
      if (!bucket) storage.remove(site.key, key);
      throw new AppError(Code.tooLarge, 'request.tooLarge', { limit: `${maxMb} MB` }, null, 413);
    }
    const url = bucket ? ossDownloadUrl(key, fileName) : downloadUrl(key, fileName);
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
        ...(bucket ? { extend: JSON.stringify({ ossConfigId: configId }) } : {}),
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

  // Object storage is a per-site setting (upload.useOss) with the site's master storage
  // configuration: an S3 bucket, or the local disk — also without a master, the default GET
  // /core/oss/config shows (none yet, or stepped down); an S3 master it cannot use refuses.
  app.post('/core/oss/upload', { config: { permission: 'login', log: { module: 'file', action: 'add' } } }, async (request) => {
    const { site } = caller(request);
    if (!(await s.siteConfig.flag(site.id, 'upload.useOss'))) return upload(request, 'local');
    const config = await ossConfigRow(s.database.db, site.id);
    if (!config || config.storage === 'local') return upload(request, 'local');
    const bucket = s3Of(config);
    if (!config || !bucket) throw new AppError(Code.notEnabled, 'upload.ossNotConfigured');
    return upload(request, 'oss', bucket, config.id);
  });

  /** The sys_file row of a key of the site. */
  const fileOf = async (siteId: number, key: string) =>
    (await s.database.db
      .selectFrom('sys_file' as never)
      .select(['file_name', 'content_type', 'storage', 'extend'] as never)
      .where('top_dept_id' as never, '=', siteId as never)
      .where('path' as never, '=', key as never)
      .executeTakeFirst()) as StoredFile | undefined;

  // A link that works without a token for five minutes: for previews in a new window (shown in
  // place when the type allows), or, with `download`, for saving the file (always an attachment).
  app.post(
    '/core/file/sign',
    {
      config: { permission: 'login' },
      schema: {
        body: {
          type: 'object',
          required: ['url'],
          properties: { url: { type: 'string', maxLength: 600 }, download: { type: 'boolean' } },
        },
      },
    },
    async (request) => {
      const { site } = caller(request);
      const { url, download } = request.body as { url: string; download?: boolean };
      const key = keyOf(url);
      if (!key || !(storage.exists(site.key, key) || (await fileOf(site.id, key))?.storage === 'oss'))
        throw new AppError(Code.notFound, 'record.notFound');
      const expires = s.clock.now() + SIGNED_LINK_MS;
      const fileName = new URL(url, 'http://x').searchParams.get('fileName') ?? path.basename(key);
      const link = url.startsWith('/api/core/download/oss/') ? ossDownloadUrl : downloadUrl;
      const inline = download ? '' : '&inline=1';
      const signed = `${link(key, fileName)}${inline}&expires=${expires}&signature=${sign(s, site.id, key, expires)}`;
      return { code: Code.ok, data: { url: signed, expires }, msg: t('ok', request.locale) };
    },
  );

  // Which of a document's files are gone (removed, or lost from the disk): its upload list shows
  // them as missing instead of failing when one is opened. A file is there when the site has its
  // row and, on the local disk, its content.
  app.post(
    '/core/file/check',
    {
      config: { permission: 'login' },
      schema: {
        body: {
          type: 'object',
          required: ['urls'],
          properties: { urls: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 600 } } },
        },
      },
    },
    async (request) => {
      const { site } = caller(request);
      const urls = (request.body as { urls: string[] }).urls;
      const keys = [...new Set(urls.map(keyOf).filter((k): k is string => Boolean(k)))];
      const rows = keys.length
        ? ((await s.database.db
            .selectFrom('sys_file' as never)
            .select(['path', 'storage'] as never)
            .where('top_dept_id' as never, '=', site.id as never)
            .where('path' as never, 'in', keys as never)
            .execute()) as Array<{ path: string; storage: string }>)
        : [];
      const present = new Set(rows.filter((r) => r.storage === 'oss' || storage.exists(site.key, r.path)).map((r) => r.path));
      const missing = urls.filter((u) => {
        const key = keyOf(u);
        return !key || !present.has(key);
      });
      return { code: Code.ok, data: { missing }, msg: t('ok', request.locale) };
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
      const missing = () => new AppError(Code.notFound, 'record.notFound', undefined, null, 404);
      if (!['local', 'oss'].includes(request.params.type)) throw missing();
      const row = await fileOf(site.id, key);
      // Object-storage files stream from the bucket that holds them; the rest from the disk.
      let stream: Readable | null = null;
      if (request.params.type === 'oss' && row?.storage === 'oss') {
        const bucket = await bucketOf(s.database.db, site.id, row);
        if (!bucket) throw missing();
        try {
          stream = await bucket.read(site.key, key);
        } catch (err) {
          request.log.warn({ err, key }, 'object storage: download failed');
          throw new AppError(Code.notEnabled, 'upload.ossFailed');
        }
        if (!stream) throw missing();
      } else if (!storage.exists(site.key, key)) throw missing();
      const fileName = (q.fileName || row?.file_name || path.basename(key)).slice(0, 200);
      const type = row?.content_type ?? 'application/octet-stream';
      const inline = q.inline === '1' && INLINE_TYPES.test(type);
      reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(fileName)}`);
      if (stream) return reply.send(stream);
      const local = storage.read(site.key, key);
      // `delete` (spec section 7) removes a temporary file (under tmp/) once it has been sent.
      if (q.delete === 'true' && key.startsWith('tmp/')) local.on('close', () => storage.remove(site.key, key));
      return reply.send(local);
    },
  );
}
