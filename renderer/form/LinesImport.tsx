// A sub-table's "import from xlsx" (an ArrayTable.Import node, shown under the table): the server
// reads the file as lines of the collection and checks each row; the lines join the form's (a lone
// empty line goes), and the document's save writes them. A wrong row refuses the file with its
// report, changing nothing.
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ArrayField } from '@formily/core';
import { useRenderer } from '../context.tsx';
import { rt } from '../texts.ts';

const ImportDialog = lazy(() => import('../list/ImportDialog.tsx'));

const isBlank = (line: unknown) =>
  !line || Object.values(line as Record<string, unknown>).every((v) => v === undefined || v === null || v === '');

export function LinesImport({ array, title: given, url }: { array: ArrayField; title?: string; url?: string }) {
  const env = useRenderer();
  const [open, setOpen] = useState(false);
  if (!url) return null;
  const title = given || rt(env.language, 'importLines');
  return (
    <>
      <Button block icon={<UploadOutlined />} style={{ marginTop: 8 }} onClick={() => setOpen(true)} data-testid="lines-import">
        {title}
      </Button>
      <Suspense fallback={null}>
        {open && (
          <ImportDialog
            url={url}
            title={title}
            hint={rt(env.language, 'importLinesHint')}
            onClose={() => setOpen(false)}
            onDone={(data) => {
              setOpen(false);
              const lines = ((data as { lines?: unknown[] } | null)?.lines ?? []) as object[];
              const kept = ((array.value ?? []) as unknown[]).filter((l) => !isBlank(l));
              array.setValue([...kept, ...lines]);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
