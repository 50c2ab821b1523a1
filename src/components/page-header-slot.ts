// What a page hands its page-view header at run time (spec section 2, C2.76): the parts only the
// page knows — the signed-in user's avatar and description on the account centre, the tabs of a
// page with sections. The header (PageHeaderWrapper) provides the slot; the page fills it while it
// is shown. Static parts are declared with the view instead (router/views.ts registerView).
import { createContext, useContext, useEffect } from 'react';
import type { ReactNode } from 'react';

export interface PageHeaderParts {
  logo?: string;
  avatar?: string;
  description?: ReactNode;
  links?: Array<{ title: string; href: string }>;
  search?: { placeholder?: string; onSearch: (value: string) => void };
  tabs?: { items: Array<{ key: string; label: ReactNode }>; activeKey?: string; onChange?: (key: string) => void };
}

export const PageHeaderSlot = createContext<((parts: PageHeaderParts | null) => void) | null>(null);

/**
 * Gives the page's header these parts while the page is mounted. `parts` must keep its identity
 * between renders when unchanged (useMemo): the header re-renders the page when they change.
 */
export function usePageHeader(parts: PageHeaderParts | null): void {
  const set = useContext(PageHeaderSlot);
  useEffect(() => {
    set?.(parts);
    return () => set?.(null);
  }, [set, parts]);
}
