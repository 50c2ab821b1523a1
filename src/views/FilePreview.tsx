// /preview?url=<encoded address>&name=<file name>: a stored file shown in a window of its own (spec
// section 7). The address is one of ours (a short-lived signed link under /api/), never another
// site's: images show as images, PDF and plain text in a frame, anything else offers the download.
import { Button, Result, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

const IMAGE = /\.(png|jpe?g|gif|bmp|webp)$/i;
const FRAMED = /\.(pdf|txt)$/i;

/** Only an address of this product's API: no other host, no scheme. */
export const isOwnFileAddress = (url: string) => url.startsWith('/api/') && !url.includes('\\') && !/^\/\//.test(url);

export default function FilePreview() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const url = query.get('url') ?? '';
  const name = query.get('name') || url.split('?')[0]!.split('/').pop() || '';
  if (!isOwnFileAddress(url)) return <Result status="warning" title={t('preview.invalid')} data-testid="preview-invalid" />;
  const download = url.replace(/&inline=1/, '');
  return (
    <div className="file-preview" data-testid="file-preview" style={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '8px 16px', background: '#fff' }}>
        <Typography.Text strong ellipsis style={{ flex: 1 }} data-testid="file-preview-name">
          {t('preview.title')} · {name}
        </Typography.Text>
        <Button href={download} download={name}>
          {t('preview.download')}
        </Button>
      </div>
      <div style={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'center', overflow: 'auto' }}>
        {IMAGE.test(name) ? (
          <img src={url} alt={name} style={{ maxWidth: '100%', maxHeight: '100%' }} data-testid="file-preview-image" />
        ) : FRAMED.test(name) ? (
          <iframe src={url} title={name} style={{ width: '100%', height: '100%', border: 0, background: '#fff' }} />
        ) : (
          <Result status="info" title={t('preview.unsupported')} />
        )}
      </div>
    </div>
  );
}
