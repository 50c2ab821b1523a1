// The upload field (spec sections 3, 5, 8): at most N files (upload.maxFiles of the site, or the
// field's maxFiles), names of at most 80 characters, states uploading / done / error / removed,
// an icon per file type, '{file} 上传成功' / '{file} 上传失败' (a failed file leaves the list),
// download through the API, preview in a new window through a short-lived signed link; shown as a
// list or as cards as the site's ui.fileDisplay says. A listed
// file the server no longer has (removed, or lost) shows as missing, and opening it says so.
import { useEffect, useState } from 'react';
import { Button, Typography, Upload, type UploadFile } from 'antd';
import {
  FileExcelOutlined,
  FileImageOutlined,
  FileMarkdownOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { connect, mapProps } from '@formily/react';
import { useRenderer } from '../context.tsx';
import { rt } from '../texts.ts';
import { FILE_NAME_MAX } from '../../validators/formats.ts';
import { isNotFound, openFile } from '../fileLink.ts';

export interface StoredFile {
  uid: string;
  name: string;
  fileName?: string;
  url?: string;
  status?: 'uploading' | 'done' | 'error' | 'removed';
  id?: number;
  size?: number;
  /** The upload's answer (uid, fileName, url, id), kept with the saved entry. */
  response?: Omit<StoredFile, 'response'>;
}

/** Icon by extension (spec section 5). */
export function fileIcon(name: string) {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  if (['xlsx', 'xls'].includes(ext)) return <FileExcelOutlined style={{ color: '#217346' }} />;
  if (['doc', 'docx'].includes(ext)) return <FileWordOutlined style={{ color: '#2b579a' }} />;
  if (['ppt', 'pptx'].includes(ext)) return <FilePptOutlined style={{ color: '#d24726' }} />;
  if (ext === 'pdf') return <FilePdfOutlined style={{ color: '#e2574c' }} />;
  if (ext === 'txt') return <FileTextOutlined />;
  if (ext === 'md') return <FileMarkdownOutlined />;
  if (['png', 'jpg', 'jpeg', 'gif', 'pic', 'bmp'].includes(ext)) return <FileImageOutlined style={{ color: '#1890ff' }} />;
  if (['zip', 'rar', 'gz'].includes(ext)) return <FileZipOutlined style={{ color: '#faad14' }} />;
  return <FileOutlined />;
}

export function FileUploadInput({
  value,
  onChange,
  maxFiles,
  disabled,
  readOnly,
}: {
  value?: StoredFile[];
  onChange?: (files: StoredFile[]) => void;
  maxFiles?: number;
  disabled?: boolean;
  readOnly?: boolean;
}) {
  const env = useRenderer();
  const limit = maxFiles ?? (Number(env.siteConfig['upload.maxFiles']) || 5);
  const [files, setFiles] = useState<UploadFile[]>(() =>
    (value ?? []).map((f) => ({ ...f, name: f.name ?? f.fileName ?? '', status: f.status ?? 'done' })),
  );
  const t = (k: Parameters<typeof rt>[1], p?: Record<string, string | number>) => rt(env.language, k, p);
  // Links of the listed files the server no longer has.
  const [missing, setMissing] = useState<ReadonlySet<string>>(() => new Set());
  const markMissing = (url: string) => setMissing((m) => new Set([...m, url]));
  // The files a document came with are asked about once; a file uploaded here is there.
  useEffect(() => {
    const urls = files.map((f) => f.url).filter((u): u is string => Boolean(u));
    if (!urls.length) return;
    let live = true;
    env.fetcher
      .post<{ missing: string[] }>('core/file/check', { urls })
      .then((answer) => {
        if (live && answer.code === '0' && answer.data.missing.length) setMissing(new Set(answer.data.missing));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const publish = (list: UploadFile[]) => {
    setFiles(list);
    onChange?.(
      list
        .filter((f) => f.status === 'done')
        .map((f) => ({
          uid: f.uid,
          name: f.name,
          fileName: f.name,
          url: f.url ?? (f.response as StoredFile | undefined)?.url,
          status: 'done',
          id: (f.response as StoredFile | undefined)?.id,
          // The upload's answer stays with the entry (spec section 3: uid, name, status, url, response, id).
          ...(f.response ? { response: f.response } : {}),
        })),
    );
  };
  const uploadPath = env.siteConfig['upload.useOss'] === 'true' ? 'core/oss/upload' : 'core/upload';

  const gone = (file: UploadFile) => {
    if (file.url) markMissing(file.url);
    env.message.error(t('fileMissingNamed', { file: file.name }));
  };

  const download = async (file: UploadFile) => {
    if (!file.url) return;
    if (missing.has(file.url)) return gone(file);
    let result;
    try {
      result = await env.fetcher.download(file.url.replace(/^\/api\//, ''), {});
    } catch (err) {
      if (isNotFound(err)) return gone(file);
      return env.message.error(env.errorText(err));
    }
    if ('code' in result) return result.code === '40400' ? gone(file) : env.message.error(result.msg);
    const href = URL.createObjectURL(result.blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = file.name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };

  const preview = async (file: UploadFile) => {
    if (!file.url) return;
    if (missing.has(file.url)) return gone(file);
    if ((await openFile(env, file.url, file.name, 'preview')) === 'missing') markMissing(file.url);
  };

  // The site's ui.fileDisplay: files as a list (default) or as cards.
  const cards = env.siteConfig['ui.fileDisplay'] === 'card';
  const editable = !readOnly && !disabled;

  // Read-only with no files: the same '—' as every other empty value.
  if (readOnly && !files.length) return <span>—</span>;
  return (
    <Upload
      fileList={files}
      listType={cards ? 'picture-card' : 'text'}
      disabled={disabled || readOnly}
      showUploadList={{ showRemoveIcon: !readOnly && !disabled, showDownloadIcon: true, showPreviewIcon: true }}
      iconRender={(file) => fileIcon(file.name)}
      itemRender={(node, file) =>
        file.url && missing.has(file.url) ? (
          <div className="upload-missing" data-testid="upload-missing" title={t('fileMissingNamed', { file: file.name })}>
            {node}
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {t('fileMissing')}
            </Typography.Text>
          </div>
        ) : (
          node
        )
      }
      onDownload={(file) => void download(file)}
      onPreview={(file) => void preview(file)}
      beforeUpload={(file) => {
        if (file.name.length > FILE_NAME_MAX) {
          env.message.error(t('fileNameTooLong', { max: FILE_NAME_MAX }));
          return Upload.LIST_IGNORE;
        }
        if (files.filter((f) => f.status !== 'removed').length >= limit) {
          env.message.error(t('tooManyFiles', { n: limit }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onProgress, onSuccess, onError }) => {
        const name = (file as File).name;
        try {
          const answer = await env.fetcher.upload<StoredFile>(uploadPath, file as File, (percent) => onProgress?.({ percent }));
          if (answer.code === '0') {
            env.message.success(t('uploaded', { file: name }));
            onSuccess?.(answer.data);
          } else {
            env.message.error(answer.msg || t('uploadFailed', { file: name }));
            onError?.(new Error(answer.msg));
          }
        } catch (err) {
          env.message.error(t('uploadFailed', { file: name }));
          onError?.(err as Error);
        }
      }}
      onChange={({ file, fileList }) => {
        // A failed upload leaves the list (spec section 8).
        const list = fileList
          .filter((f) => f.status !== 'error')
          .map((f) => (f.uid === file.uid && file.status === 'done' ? { ...f, url: (file.response as StoredFile).url } : f));
        publish(list);
      }}
    >
      {editable &&
        (cards ? (
          <div data-testid="upload-button">
            <UploadOutlined />
            <div style={{ marginTop: 8 }}>{t('upload')}</div>
          </div>
        ) : (
          <Button icon={<UploadOutlined />} data-testid="upload-button">
            {t('upload')}
          </Button>
        ))}
    </Upload>
  );
}

export const FileUpload = connect(
  FileUploadInput,
  mapProps((props, field) => ({
    ...props,
    readOnly: (field as { pattern?: string }).pattern === 'readPretty' || (props as { readOnly?: boolean }).readOnly,
  })),
);
