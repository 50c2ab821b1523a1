// Import an xlsx into a list (or a document's lines into its form): nothing is written when any row
// is wrong, and the rows that are wrong are listed with their problem.
import { useState } from 'react';
import { Alert, Button, Modal, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useRenderer } from '../context.tsx';
import { rt } from '../texts.ts';
import { showOneTimePasswords } from '../oneTimePasswords.tsx';

/** `url` takes the file (the entity's import, or an action's endpoint such as a source pull). */
export default function ImportDialog({
  url,
  title,
  hint,
  onClose,
  onDone,
}: {
  url: string;
  title?: string;
  hint?: string;
  onClose: () => void;
  /** What the server answered (a document's lines read from the file). */
  onDone: (data: unknown) => void;
}) {
  const env = useRenderer();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ msg: string; rows: Array<{ row: number; message: string }> } | null>(null);
  const t = (k: Parameters<typeof rt>[1]) => rt(env.language, k);

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await env.fetcher.upload<{ imported?: number; errors?: Array<{ row: number; message: string }> }>(url, file);
      if (answer.code === '0') {
        if (!showOneTimePasswords(env, answer)) env.message.success(answer.msg);
        onDone(answer.data);
      } else setError({ msg: answer.msg, rows: answer.data?.errors ?? [] });
    } catch (err) {
      setError({ msg: env.errorText(err), rows: [] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title ?? t('importTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !file, loading: busy }}
      destroyOnHidden
    >
      <p style={{ color: 'rgba(0,0,0,.55)' }}>{hint ?? t('importHint')}</p>
      <Upload
        accept=".xlsx"
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <Button icon={<UploadOutlined />}>{t('chooseFile')}</Button>
      </Upload>
      {error && (
        <div style={{ marginTop: 16 }} data-testid="import-errors">
          <Alert type="error" showIcon message={error.msg} />
          {error.rows.length > 0 && (
            <Table
              size="small"
              style={{ marginTop: 8 }}
              rowKey={(r) => `${r.row}-${r.message}`}
              pagination={false}
              scroll={{ y: 240 }}
              dataSource={error.rows}
              columns={[
                { title: t('row'), dataIndex: 'row', width: 72 },
                { title: t('message'), dataIndex: 'message' },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
