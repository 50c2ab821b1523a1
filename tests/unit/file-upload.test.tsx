// @vitest-environment happy-dom
// The upload field with a file the server no longer has (removed, or lost): it shows as missing in
// the caller's language, and opening it says so instead of failing without a word.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RendererContext, type Envelope, type RendererEnv } from '../../renderer/context.tsx';
import { FileUploadInput, type StoredFile } from '../../renderer/form/FileUpload.tsx';

afterEach(cleanup);

const kept: StoredFile = {
  uid: '1',
  name: '办法.pdf',
  url: '/api/core/download/local/2026/05/aaa.pdf?fileName=x',
  status: 'done',
};
const lost: StoredFile = {
  uid: '2',
  name: '附表.xlsx',
  url: '/api/core/download/local/2026/05/bbb.xlsx?fileName=y',
  status: 'done',
};

function envWith(post: (url: string, body: any) => Envelope, language = 'zh-CN') {
  const errors: string[] = [];
  const env = {
    fetcher: {
      get: vi.fn(),
      post: vi.fn(async (url: string, body: unknown) => post(url, body)),
      download: vi.fn(async () => {
        throw Object.assign(new Error('404'), { response: { status: 404 } });
      }),
      upload: vi.fn(),
    },
    hasPermission: () => true,
    navigate: () => undefined,
    leave: () => undefined,
    language,
    userId: 1,
    siteConfig: {},
    dicts: async () => ({}),
    message: { error: (m: string) => errors.push(m), success: () => undefined } as never,
    modal: {} as never,
    errorText: (e: unknown) => String(e),
  } as unknown as RendererEnv;
  return { env, errors };
}

const mount = (env: RendererEnv, files: StoredFile[], readOnly = false) =>
  render(
    <RendererContext.Provider value={env}>
      <FileUploadInput value={files} readOnly={readOnly} />
    </RendererContext.Provider>,
  );

describe('a listed file that is gone', () => {
  it('shows as missing, in the caller’s language, and only that one', async () => {
    const { env } = envWith((url, body) => {
      expect(url).toBe('core/file/check');
      expect(body).toEqual({ urls: [kept.url, lost.url] });
      return { code: '0', data: { missing: [lost.url] }, msg: 'ok' };
    });
    mount(env, [kept, lost], true);
    const marks = await screen.findAllByTestId('upload-missing');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.textContent).toContain('附表.xlsx');
    expect(marks[0]!.textContent).toContain('文件已不存在');
    expect(marks[0]!.getAttribute('title')).toBe('文件“附表.xlsx”已不存在（可能已被删除）');
  });

  it('says so when its preview or download finds nothing, and marks it', async () => {
    const { env, errors } = envWith(
      (url) =>
        url === 'core/file/check'
          ? { code: '0', data: { missing: [] }, msg: 'ok' }
          : { code: '40400', data: null, msg: 'The record does not exist or is not yours to see' },
      'en-US',
    );
    mount(env, [lost]);
    await waitFor(() => expect(env.fetcher.post).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('upload-missing')).toBeNull();
    // A text list opens a file's preview from its name.
    await act(async () => {
      fireEvent.click(screen.getByText('附表.xlsx'));
    });
    await waitFor(() => expect(errors).toEqual(['File "附表.xlsx" no longer exists (it may have been deleted)']));
    expect(await screen.findByTestId('upload-missing')).toBeTruthy();
    expect(screen.getByTestId('upload-missing').textContent).toContain('File no longer exists');
  });

  it('says so when a download answers 404', async () => {
    const { env, errors } = envWith(() => ({ code: '0', data: { missing: [] }, msg: 'ok' }), 'pt-BR');
    mount(env, [lost]);
    await waitFor(() => expect(env.fetcher.post).toHaveBeenCalledTimes(1));
    const icon = document.querySelector('.anticon-download')!;
    await act(async () => {
      fireEvent.click(icon.closest('a,button') ?? icon);
    });
    await waitFor(() => expect(errors).toEqual(['O arquivo "附表.xlsx" não existe mais (pode ter sido excluído)']));
    expect(await screen.findByTestId('upload-missing')).toBeTruthy();
  });
});

describe('a file opened through a signed link', () => {
  it('downloads through a link the server signs for saving, and says when the file is gone', async () => {
    const { openFile } = await import('../../renderer/fileLink.ts');
    const signed = '/api/core/download/local/2026/05/aaa.pdf?fileName=x&expires=1&signature=s';
    const { env, errors } = envWith((url, body) =>
      body.url === kept.url
        ? { code: '0', data: { url: signed }, msg: 'ok' }
        : { code: '40400', data: null, msg: '记录不存在或无权访问' },
    );
    const clicked: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
    expect(await openFile(env, kept.url!, '办法.pdf', 'download')).toBe('ok');
    expect(env.fetcher.post).toHaveBeenCalledWith('core/file/sign', { url: kept.url, download: true });
    expect(clicked).toEqual([{ href: signed, download: '办法.pdf' }]);
    expect(await openFile(env, lost.url!, '附表.xlsx', 'preview')).toBe('missing');
    expect(env.fetcher.post).toHaveBeenLastCalledWith('core/file/sign', { url: lost.url, download: false });
    expect(errors).toEqual(['文件“附表.xlsx”已不存在（可能已被删除）']);
    click.mockRestore();
  });
});
