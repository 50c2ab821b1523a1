// The same 200 lines as a plain list page through the runtime (renderer/list/ListPage.tsx): the
// ceiling the document with 200 lines is held to (issue 14: within 1.3×).
import { DOC_LINES, docLines, LINES_READY_TEXT, linesBundle } from './fixtures.ts';
import { schemaListPage } from './ListSchema.tsx';

export default schemaListPage(linesBundle, docLines, DOC_LINES, LINES_READY_TEXT);
