// The app's preview page (spec section 7): a file's address travels encoded in its query. The app
// serves the page at this path (src/views/FilePreview.tsx).
export const PREVIEW_PATH = '/preview';

export const previewAddress = (url: string, fileName: string) =>
  `${PREVIEW_PATH}?url=${encodeURIComponent(url)}&name=${encodeURIComponent(fileName)}`;
