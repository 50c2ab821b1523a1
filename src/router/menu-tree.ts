// The menu list of GET /core/menu/user as a tree (parentId '0' = root), in the server's order.
import type { MenuNode } from '../api/core.ts';

export interface MenuTreeNode extends MenuNode {
  children: MenuTreeNode[];
  /** Hidden from the menu (visible '1'); still a route. */
  hidden: boolean;
}

export function buildMenuTree(nodes: MenuNode[]): MenuTreeNode[] {
  const byId = new Map<string, MenuTreeNode>();
  for (const n of nodes) byId.set(n.id, { ...n, children: [], hidden: n.visible === '1' });
  const roots: MenuTreeNode[] = [];
  for (const n of byId.values()) {
    const parent = n.parentId !== '0' ? byId.get(n.parentId) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

/** Every node, depth first. */
export function flattenTree(tree: MenuTreeNode[]): MenuTreeNode[] {
  return tree.flatMap((n) => [n, ...flattenTree(n.children)]);
}

/** The chain of menu nodes from the root to the node whose path is `pathname`. */
export function menuChain(tree: MenuTreeNode[], pathname: string): MenuTreeNode[] {
  for (const n of tree) {
    if (n.path === pathname) return [n];
    const below = menuChain(n.children, pathname);
    if (below.length) return [n, ...below];
  }
  return [];
}
