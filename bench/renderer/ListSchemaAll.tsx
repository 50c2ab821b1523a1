// The generated list with all 100 rows mounted: the list schema sets no virtual body below 1000 rows.
import { LIST_PAGE_SIZE, LIST_READY_TEXT, listBundle, listRows } from './fixtures.ts';
import { schemaListPage } from './ListSchema.tsx';

const bundle = { ...listBundle, list: { ...listBundle.list, virtual: { from: 1000 } } };

export default schemaListPage(bundle, listRows, LIST_PAGE_SIZE, LIST_READY_TEXT, LIST_PAGE_SIZE);
