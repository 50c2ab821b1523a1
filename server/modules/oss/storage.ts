// Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, OSS/COS in S3 mode): the same keys as
// LocalStorage (<yyyy>/<mm>/<random>.<ext>), stored under <siteKey>/ in the bucket so one bucket
// may serve several organisations. Keys never leave the site's prefix.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely, Transaction } from 'kysely';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { DB } from '../../platform/db/types.ts';

export interface S3Settings {
  endpoint: string;
  region?: string | null;
  bucket: string;
  accessKey: string;
  secretKey: string;
  pathStyle: boolean;
}

const DEFAULT_REGION = 'us-east-1';
/** A storage that does not answer within this long is treated as unavailable. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A missing object: S3 says NoSuchKey on GET, a bare 404 on HEAD. */
function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404)
  );
}

export class S3Storage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region || DEFAULT_REGION,
      forcePathStyle: settings.pathStyle,
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
      // Many S3-compatible servers know neither the newer default checksums nor their headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      // Failures reach the caller, which logs them; the SDK would otherwise print to the console.
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: 10_000 },
    });
  }

  /** The object key of a storage key, or null when the key would leave the site's prefix. */
  resolve(siteKey: string, key: string): string | null {
    if (
      !key ||
      key.length > 300 ||
      key.includes('\0') ||
      key.includes('\\') ||
      key.startsWith('/') ||
      key.split('/').some((part) => part === '' || part === '.' || part === '..')
    )
      return null;
    return `${siteKey}/${key}`;
  }

  /**
   * Stores a stream under a new key. The stream is first spooled to a temporary file: S3 wants
   * the length before the body, and an upload cut short by the size limit (`cut` true once the
   * stream has ended) never reaches the bucket at all.
   */
  async put(
    siteKey: string,
    extension: string,
    stream: Readable,
    when: Date,
    cut: () => boolean = () => false,
  ): Promise<{ key: string; size: number }> {
    const month = `${when.getUTCFullYear()}/${String(when.getUTCMonth() + 1).padStart(2, '0')}`;
    const ext = /^[a-z0-9]{1,10}$/.test(extension) ? `.${extension}` : '';
    const key = `${month}/${crypto.randomBytes(12).toString('base64url')}${ext}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neikong-s3-'));
    const spool = path.join(dir, 'body');
    try {
      await pipeline(stream, fs.createWriteStream(spool, { flags: 'wx' }));
      const size = fs.statSync(spool).size;
      if (cut()) return { key, size };
      const body = fs.createReadStream(spool);
      // A send that fails before reading (bucket unreachable) leaves the stream to open a file the
      // finally below has removed: that late error belongs to nobody, so it is caught here.
      body.on('error', () => undefined);
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.settings.bucket,
            Key: this.resolve(siteKey, key)!,
            Body: body,
            ContentLength: size,
          }),
        );
      } finally {
        body.destroy();
      }
      return { key, size };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  async exists(siteKey: string, key: string): Promise<boolean> {
    const object = this.resolve(siteKey, key);
    if (!object) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: object }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /** The object's content, or null when there is no such object. */
  async read(siteKey: string, key: string): Promise<Readable | null> {
    const object = this.resolve(siteKey, key);
    if (!object) return null;
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: object }));
      const body = got.Body;
      if (!body) return null;
      return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(siteKey: string, key: string): Promise<void> {
    const object = this.resolve(siteKey, key);
    if (!object) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: object }));
  }
}

/** Clients by their settings: reused while a configuration stays the same. */
const clients = new Map<string, S3Storage>();

export function s3StorageFor(settings: S3Settings): S3Storage {
  const { endpoint, region, bucket, accessKey, secretKey, pathStyle } = settings;
  const cacheKey = crypto
    .createHash('sha256')
    .update(JSON.stringify([endpoint, region ?? null, bucket, accessKey, secretKey, pathStyle]))
    .digest('base64url');
  let storage = clients.get(cacheKey);
  if (!storage) {
    // A few configurations per organisation: forget them all now and then rather than track use.
    if (clients.size >= 64) clients.clear();
    storage = new S3Storage({ endpoint, region, bucket, accessKey, secretKey, pathStyle });
    clients.set(cacheKey, storage);
  }
  return storage;
}

/** A configuration row as the database has it (secret included: never send this to a browser). */
export interface OssConfigRow {
  id: number;
  name: string;
  storage: string;
  endpoint: string | null;
  region: string | null;
  bucket: string | null;
  access_key: string | null;
  secret_key: string | null;
  path_style: boolean;
  master: boolean;
  version: number;
}

/** The site's master configuration, or the one with this id; undefined when there is none. */
export async function ossConfigRow(
  db: Kysely<DB> | Transaction<DB>,
  siteId: number,
  id?: number,
): Promise<OssConfigRow | undefined> {
  let q = db
    .selectFrom('sys_oss_config')
    .select([
      'id',
      'name',
      'storage',
      'endpoint',
      'region',
      'bucket',
      'access_key',
      'secret_key',
      'path_style',
      'master',
      'version',
    ])
    .where('top_dept_id', '=', siteId);
  q = id === undefined ? q.where('master', '=', true) : q.where('id', '=', id);
  return (await q.executeTakeFirst()) as OssConfigRow | undefined;
}

/** The bucket of an S3 configuration that has everything it needs; null for anything else. */
export function s3Of(row: OssConfigRow | undefined): S3Storage | null {
  if (!row || row.storage !== 's3' || !row.endpoint || !row.bucket || !row.access_key || !row.secret_key) return null;
  return s3StorageFor({
    endpoint: row.endpoint,
    region: row.region,
    bucket: row.bucket,
    accessKey: row.access_key,
    secretKey: row.secret_key,
    pathStyle: row.path_style,
  });
}
