// Opening one of our stored files through the server's short-lived signed link (POST
// core/file/sign): the server decides who may have one (a signed-in user of the file's site), the
// link then works in a new window (the preview page, which shows it) or as a plain download, which
// send no token.
import type { RendererEnv } from './context.tsx';
import { rt } from './texts.ts';
import { previewAddress } from './preview.ts';

export type FileOpening = 'download' | 'preview';

/** ok: opened; missing: the server has no such file (any more); failed: refused or unreachable. */
export type FileOpened = 'ok' | 'missing' | 'failed';

/** An HTTP 404 of a failed call (a file read with the token that is no longer there). */
export function isNotFound(err: unknown): boolean {
  return (err as { response?: { status?: number } } | null)?.response?.status === 404;
}

export async function openFile(
  env: Pick<RendererEnv, 'fetcher' | 'message' | 'errorText' | 'language'>,
  url: string,
  fileName: string,
  how: FileOpening,
): Promise<FileOpened> {
  let answer;
  try {
    answer = await env.fetcher.post<{ url: string }>('core/file/sign', { url, download: how === 'download' });
  } catch (err) {
    env.message.error(isNotFound(err) ? rt(env.language, 'fileMissingNamed', { file: fileName }) : env.errorText(err));
    return isNotFound(err) ? 'missing' : 'failed';
  }
  if (answer.code === '40400') {
    env.message.error(rt(env.language, 'fileMissingNamed', { file: fileName }));
    return 'missing';
  }
  if (answer.code !== '0') {
    env.message.error(answer.msg);
    return 'failed';
  }
  if (how === 'preview') window.open(previewAddress(answer.data.url, fileName), '_blank', 'noopener');
  else {
    const a = document.createElement('a');
    a.href = answer.data.url;
    a.download = fileName;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  }
  return 'ok';
}
