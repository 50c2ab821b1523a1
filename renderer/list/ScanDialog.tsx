// Counting by label (a list's `scan` action, the inventory's 扫码盘点): the phone's camera reads the QR
// code on an asset's label in the browser (getUserMedia, decoded by jsQR frame by frame), or the
// number is typed; each code is posted to the action's endpoint and the answer listed, newest first.
// The dialog stays open for the next label; the same code read twice in a row is taken once.
import { useEffect, useRef, useState } from 'react';
import { Alert, Input, List, Modal, Typography } from 'antd';
import jsQR from 'jsqr';
import { useRenderer } from '../context.tsx';
import { rt } from '../texts.ts';

interface Outcome {
  code: string;
  ok: boolean;
  msg: string;
}

export default function ScanDialog({
  url,
  title,
  hint,
  onClose,
}: {
  url: string;
  title: string;
  hint?: string;
  onClose: () => void;
}) {
  const env = useRenderer();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<'starting' | 'on' | 'none'>('starting');
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [typed, setTyped] = useState('');
  const last = useRef<{ code: string; at: number }>({ code: '', at: 0 });

  const send = async (code: string) => {
    const text = code.trim();
    if (!text) return;
    // A label held in front of the camera is read many times a second: once is enough.
    if (last.current.code === text && Date.now() - last.current.at < 4000) return;
    last.current = { code: text, at: Date.now() };
    try {
      const answer = await env.fetcher.post(url, { code: text });
      setOutcomes((o) => [{ code: text, ok: answer.code === '0', msg: answer.msg }, ...o].slice(0, 50));
    } catch (err) {
      setOutcomes((o) => [{ code: text, ok: false, msg: env.errorText(err) }, ...o].slice(0, 50));
    }
  };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      setCamera('on');
      const tick = () => {
        const v = video.current;
        if (!stopped && v && context && v.videoWidth) {
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          context.drawImage(v, 0, 0);
          const frame = context.getImageData(0, 0, canvas.width, canvas.height);
          const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
          if (found?.data) void send(found.data);
        }
        if (!stopped) timer = window.setTimeout(tick, 250);
      };
      tick();
    })().catch(() => !stopped && setCamera('none'));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <Modal open title={title} onCancel={onClose} footer={null} width={520} destroyOnClose data-testid="scan-dialog">
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <video
        ref={video}
        muted
        playsInline
        style={{
          width: '100%',
          maxHeight: 320,
          background: '#000',
          borderRadius: 6,
          display: camera === 'on' ? 'block' : 'none',
        }}
      />
      {camera === 'none' && <Alert type="info" showIcon message={rt(env.language, 'noCamera')} style={{ marginBottom: 12 }} />}
      <div data-testid="scan-input" style={{ marginTop: 12 }}>
        <Input.Search
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          enterButton={rt(env.language, 'ok')}
          maxLength={300}
          onSearch={(v) => {
            last.current = { code: '', at: 0 };
            void send(v).then(() => setTyped(''));
          }}
        />
      </div>
      <List
        size="small"
        style={{ marginTop: 12 }}
        dataSource={outcomes}
        data-testid="scan-results"
        renderItem={(o) => (
          <List.Item>
            <Typography.Text type={o.ok ? 'success' : 'danger'}>{o.msg}</Typography.Text>
          </List.Item>
        )}
      />
    </Modal>
  );
}
