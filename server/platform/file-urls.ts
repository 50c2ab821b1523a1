// The shape of our download links, shared by the files module and every entity with file fields.
export function downloadUrl(key: string, fileName: string): string {
  return `/api/core/download/local/${key}?fileName=${encodeURIComponent(fileName)}`;
}

/** The storage key inside one of our download URLs, or null for any other URL. */
export function keyOf(url: string): string | null {
  const m = /^\/api\/core\/download\/(?:local|oss)\/([^?#]+)/.exec(url);
  return m ? decodeURIComponent(m[1]!) : null;
}
