// Multi-tab (spec section 2): one tab per full path; close current, right, left, all; the last
// tab stays. Returns what happened so the component can navigate and show the spec's messages.
import { makeAutoObservable } from 'mobx';

export interface Tab {
  fullPath: string;
  title: string;
}

export type CloseResult = { ok: true; activate?: string } | { ok: false; reason: 'lastTab' | 'noLeft' | 'noRight' };

export class TabsStore {
  tabs: Tab[] = [];
  active: string | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  open(fullPath: string, title: string) {
    const existing = this.tabs.find((t) => t.fullPath === fullPath);
    if (existing) existing.title = title;
    else this.tabs.push({ fullPath, title });
    this.active = fullPath;
  }

  /** A page that learns its own name later (an approval page names its document) renames its tab. */
  rename(fullPath: string, title: string) {
    const tab = this.tabs.find((t) => t.fullPath === fullPath);
    if (tab && title) tab.title = title;
  }

  titleOf(fullPath: string): string | undefined {
    return this.tabs.find((t) => t.fullPath === fullPath)?.title;
  }

  close(fullPath: string): CloseResult {
    if (this.tabs.length <= 1) return { ok: false, reason: 'lastTab' };
    const index = this.tabs.findIndex((t) => t.fullPath === fullPath);
    if (index < 0) return { ok: true };
    this.tabs.splice(index, 1);
    if (this.active !== fullPath) return { ok: true };
    const next = this.tabs[Math.min(index, this.tabs.length - 1)]!;
    this.active = next.fullPath;
    return { ok: true, activate: next.fullPath };
  }

  /** A page that is done (a full-page form after its save) goes; the caller opens the next one. */
  leave(fullPath: string) {
    this.tabs = this.tabs.filter((t) => t.fullPath !== fullPath);
  }

  closeLeft(fullPath: string): CloseResult {
    const index = this.tabs.findIndex((t) => t.fullPath === fullPath);
    if (index <= 0) return { ok: false, reason: 'noLeft' };
    this.tabs.splice(0, index);
    return this.keepActive(fullPath);
  }

  closeRight(fullPath: string): CloseResult {
    const index = this.tabs.findIndex((t) => t.fullPath === fullPath);
    if (index < 0 || index === this.tabs.length - 1) return { ok: false, reason: 'noRight' };
    this.tabs.splice(index + 1);
    return this.keepActive(fullPath);
  }

  /** Closes every other tab; the one asked about stays (a shell never has no page). */
  closeAll(fullPath: string): CloseResult {
    if (this.tabs.length <= 1) return { ok: false, reason: 'lastTab' };
    this.tabs = this.tabs.filter((t) => t.fullPath === fullPath);
    return this.keepActive(fullPath);
  }

  private keepActive(fallback: string): CloseResult {
    if (this.active && this.tabs.some((t) => t.fullPath === this.active)) return { ok: true };
    this.active = fallback;
    return { ok: true, activate: fallback };
  }
}
