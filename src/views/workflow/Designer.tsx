// The process designer (issue 6, an escape hatch beside the schema screens): a bpmn-js modeler for
// one model (/workflow/designer?id=), with a properties panel for what approvals need, and save
// (optimistic lock on the version read), deploy (the server checks the model and lists what is
// wrong) and download. bpmn-js and its styles load with this page only.
import { useCallback, useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Space, Spin, Tag, Typography, theme } from 'antd';
import { ArrowLeftOutlined, CloudUploadOutlined, DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Modeler from 'bpmn-js/lib/Modeler';
import type { Element } from 'bpmn-js/lib/model/Types';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './designer.css';
import { call, errorMessage, get } from '../../api/request.ts';
import i18n from '../../locales/index.ts';
import { useStores } from '../../stores/index.ts';
import { feedback } from '../../utils/feedback.ts';
import { withVersion } from '../../router/Guard.tsx';
import { designerModule, emptyDiagram, nkModdle } from './designerModule.ts';
import DesignerPanel from './DesignerPanel.tsx';

interface ModelRow {
  id: number;
  version: number;
  modelKey: string;
  name: string;
  bpmnXml?: string | null;
  deployedVersion?: number | null;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Canvas {
  getRootElement(): Element;
  viewbox(): Box & { inner: Box; outer: Box };
  viewbox(box: Box): void;
}
interface EventBus {
  on(event: string, callback: (event: any) => void): void;
}

const PANEL_WIDTH = 320;
const MARGIN = 24;

/**
 * The diagram just right of the palette, centred vertically, with room on the right to draw on: at
 * its natural size when it fits, else smaller.
 */
function fitBesidePalette(canvas: Canvas, container: HTMLElement) {
  const { inner, outer } = canvas.viewbox();
  if (!inner.width || !inner.height || !outer.width || !outer.height) return;
  const palette = container.querySelector('.djs-palette')?.getBoundingClientRect();
  const left = (palette ? palette.right - container.getBoundingClientRect().left : 0) + MARGIN;
  const scale = Math.max(
    0.2,
    Math.min(1, (outer.width - left - MARGIN) / inner.width, (outer.height - 2 * MARGIN) / inner.height),
  );
  const width = outer.width / scale;
  const height = outer.height / scale;
  canvas.viewbox({ x: inner.x - left / scale, y: inner.y - (height - inner.height) / 2, width, height });
}

export default observer(function Designer() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { session } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const container = useRef<HTMLDivElement>(null);
  const [model, setModel] = useState<ModelRow | null>(null);
  const [modeler, setModeler] = useState<Modeler | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [selected, setSelected] = useState<Element | null>(null);
  const [revision, setRevision] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'deploy' | null>(null);
  const canEdit = session.hasPermission('workflow:model:edit');
  const canDeploy = session.hasPermission('workflow:model:deploy');
  // The latest values for callbacks bpmn-js holds on to.
  const modelRef = useRef(model);
  modelRef.current = model;
  const selectedRef = useRef<Element | null>(null);

  useEffect(() => {
    if (!Number.isInteger(id) || id < 1) {
      setFailure(t('designer.noId'));
      return;
    }
    let live = true;
    setFailure(null);
    get<ModelRow>(`workflow/model/infoById/${id}`)
      .then((row) => live && setModel(row))
      .catch((err) => live && setFailure(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [id, t]);

  // One modeler per model opened; destroyed with the page.
  const modelId = model?.id;
  useEffect(() => {
    const row = modelRef.current;
    if (!row || !container.current) return;
    const instance = new Modeler({
      container: container.current,
      additionalModules: [designerModule],
      moddleExtensions: { nk: nkModdle },
    });
    let live = true;
    const bus = instance.get<EventBus>('eventBus');
    const canvas = instance.get<Canvas>('canvas');
    const select = (element: Element | null) => {
      selectedRef.current = element;
      setSelected(element);
    };
    bus.on('selection.changed', (e: { newSelection: Element[] }) => {
      select(e.newSelection.length === 1 ? e.newSelection[0]! : canvas.getRootElement());
    });
    bus.on('elements.changed', (e: { elements: Element[] }) => {
      const current = selectedRef.current;
      if (current && e.elements.some((el) => el === current)) setRevision((r) => r + 1);
    });
    bus.on('commandStack.changed', () => setDirty(true));
    instance
      .importXML(row.bpmnXml?.trim() ? row.bpmnXml : emptyDiagram(row.modelKey, row.name))
      .then(({ warnings }) => {
        if (!live) return;
        if (warnings.length) console.warn('bpmn import', warnings);
        if (container.current) fitBesidePalette(canvas, container.current);
        select(canvas.getRootElement());
        setDirty(false);
        setModeler(instance);
      })
      .catch((err: Error) => live && setFailure(i18n.t('designer.loadFailed', { detail: err.message })));
    return () => {
      live = false;
      setModeler(null);
      selectedRef.current = null;
      setSelected(null);
      instance.destroy();
    };
  }, [modelId]);

  // Leaving the browser page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = useCallback(async (): Promise<boolean> => {
    const row = modelRef.current;
    if (!modeler || !row) return false;
    const { xml } = await modeler.saveXML({ format: true });
    const processName = (modeler.get<Canvas>('canvas').getRootElement().businessObject.name ?? '').trim();
    try {
      const answer = await call<ModelRow>({
        url: 'workflow/model/update',
        method: 'POST',
        data: { id: row.id, version: row.version, bpmnXml: xml, ...(processName ? { name: processName.slice(0, 100) } : {}) },
      });
      if (answer.code !== '0') {
        feedback.message.error(answer.msg);
        return false;
      }
      setModel({ ...row, ...answer.data });
      setDirty(false);
      feedback.message.success(answer.msg);
      return true;
    } catch (err) {
      feedback.message.error(errorMessage(err));
      return false;
    }
  }, [modeler]);

  const onSave = async () => {
    setBusy('save');
    try {
      await save();
    } finally {
      setBusy(null);
    }
  };

  const onDeploy = async () => {
    const row = modelRef.current;
    if (!row) return;
    setBusy('deploy');
    try {
      if (dirty && !(await save())) return;
      const answer = await call<{ version: number }>({
        url: 'workflow/model/deploy',
        method: 'POST',
        params: { id: row.id },
        data: { id: row.id },
      });
      if (answer.code !== '0') {
        feedback.message.error({ content: answer.msg, duration: 8 });
        return;
      }
      setModel((m) => (m ? { ...m, deployedVersion: answer.data.version } : m));
      feedback.message.success(answer.msg);
    } catch (err) {
      feedback.message.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const onDownload = async () => {
    if (!modeler || !model) return;
    const { xml } = await modeler.saveXML({ format: true });
    const url = URL.createObjectURL(new Blob([xml ?? ''], { type: 'application/xml' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${model.modelKey}.bpmn`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const onBack = () => {
    const leave = () => navigate(withVersion('/workflow/model'));
    if (!dirty) return leave();
    feedback.modal.confirm({
      title: t('designer.unsaved'),
      okText: t('designer.leave'),
      cancelText: t('common.cancel'),
      onOk: leave,
    });
  };

  // The card fits the window below the shell's header, tabs and page title.
  const height = 'calc(100vh - 320px)';
  const toolbar = (
    <Space wrap>
      {canEdit && (
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={busy === 'save'}
          disabled={!modeler || busy !== null}
          onClick={() => void onSave()}
          data-testid="designer-save"
        >
          {t('designer.save')}
        </Button>
      )}
      {canDeploy && (
        <Button
          icon={<CloudUploadOutlined />}
          loading={busy === 'deploy'}
          disabled={!modeler || busy !== null || (dirty && !canEdit)}
          onClick={() => void onDeploy()}
          data-testid="designer-deploy"
        >
          {t('designer.deploy')}
        </Button>
      )}
      <Button icon={<DownloadOutlined />} disabled={!modeler} onClick={() => void onDownload()} data-testid="designer-download">
        {t('designer.download')}
      </Button>
      <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="designer-back">
        {t('designer.back')}
      </Button>
    </Space>
  );

  return (
    <Card
      size="small"
      data-testid="designer"
      title={
        <Space size={8} wrap>
          <span>{model?.name ?? t('designer.title')}</span>
          {model && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {model.modelKey}
            </Typography.Text>
          )}
          {model && (
            <Tag color={model.deployedVersion ? 'green' : 'default'} data-testid="designer-deployed">
              {model.deployedVersion ? t('designer.deployed', { version: model.deployedVersion }) : t('designer.notDeployed')}
            </Tag>
          )}
          {dirty && (
            <Tag color="orange" data-testid="designer-dirty">
              {t('designer.dirty')}
            </Tag>
          )}
        </Space>
      }
      extra={toolbar}
    >
      {failure ? (
        <Alert type="error" showIcon message={failure} data-testid="designer-error" />
      ) : (
        <div style={{ display: 'flex', gap: 12, alignItems: 'stretch' }}>
          <div style={{ flex: 1, minWidth: 0, position: 'relative' }}>
            <div
              ref={container}
              className="nk-designer-canvas"
              data-testid="designer-canvas"
              style={{
                height,
                minHeight: 420,
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadius,
                background: '#fff',
                overflow: 'hidden',
              }}
            />
            {!modeler && <Spin style={{ position: 'absolute', top: '45%', left: '50%' }} />}
          </div>
          <div
            style={{
              width: PANEL_WIDTH,
              flex: 'none',
              height,
              minHeight: 420,
              overflowY: 'auto',
              padding: '12px 16px',
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
            }}
          >
            {modeler && <DesignerPanel modeler={modeler} element={selected} revision={revision} readOnly={!canEdit} />}
          </div>
        </div>
      )}
    </Card>
  );
});
