// Development only: the server reloads schemas/ when a file is saved and says so over
// GET /api/schema/events (server/modules/schema/reload.ts). The page in front of the implementer
// fetches its definition again — or, when the saved file has a problem, shows it (file → pointer:
// message) above the last sound rendering. Production builds never open the stream.
import { useEffect, useState } from 'react';

export interface SchemaNews {
  /** Bumped at each sound reload: the page fetches its definition again. */
  generation: number;
  /** The problems of the last reload, when it was refused. */
  problems: string[];
}

type Listener = (news: SchemaNews) => void;
let stream: EventSource | null = null;
let current: SchemaNews = { generation: 0, problems: [] };
const listeners = new Set<Listener>();

function open() {
  if (stream || typeof EventSource === 'undefined') return;
  stream = new EventSource('/api/schema/events');
  stream.onmessage = (event) => {
    const news = JSON.parse(String(event.data)) as { ok: boolean; problems: string[] };
    current = news.ok ? { generation: current.generation + 1, problems: [] } : { ...current, problems: news.problems };
    for (const listener of listeners) listener(current);
  };
}

export function useSchemaNews(): SchemaNews {
  const [news, setNews] = useState(current);
  useEffect(() => {
    // The development server only (vite's dev mode); a staging or production build never asks.
    if (import.meta.env.MODE !== 'development') return;
    open();
    listeners.add(setNews);
    return () => void listeners.delete(setNews);
  }, []);
  return news;
}
