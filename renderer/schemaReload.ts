// Development only: the server reloads schemas/ when a file is saved and says so over
// GET /api/schema/events (server/modules/schema/reload.ts). The page in front of the implementer
// fetches its definition again — or, when the saved file has a problem, shows it (file → pointer:
// message) above the last sound rendering. Production builds never open the stream.
import { useEffect, useState } from 'react';

export interface SchemaProblem {
  file: string;
  pointer: string;
  message: string;
  area: string;
  site: string | null;
  since: string;
}

export interface SchemaNews {
  /** Bumped at each reload: the page fetches its definition again (a failing area keeps its last
   * sound version on the server, every other area takes the new one — issue 35). */
  generation: number;
  /** The problems of the last reload (`schemas/<file> → <pointer>: <message>`), none when sound. */
  problems: string[];
  /** The same problems by area, for the administrator's banner; absent before the first reload. */
  health?: { problems: SchemaProblem[]; outOfService: string[] };
}

type Listener = (news: SchemaNews) => void;
let stream: EventSource | null = null;
let current: SchemaNews = { generation: 0, problems: [] };
const listeners = new Set<Listener>();

function open() {
  if (stream || typeof EventSource === 'undefined') return;
  stream = new EventSource('/api/schema/events');
  stream.onmessage = (event) => {
    const news = JSON.parse(String(event.data)) as { ok: boolean; problems: string[]; health?: SchemaNews['health'] };
    current = { generation: current.generation + 1, problems: news.ok ? [] : news.problems, health: news.health };
    for (const listener of listeners) listener(current);
  };
}

/** Open the stream outside development too: the server said it watches schemas/ (the banner's
 * health answer, `watching`). */
export function watchSchemas(): void {
  open();
}

export function useSchemaNews(): SchemaNews {
  const [news, setNews] = useState(current);
  useEffect(() => {
    // The stream opens by itself on the development server only (vite's dev mode); elsewhere when
    // the server says it watches (watchSchemas).
    listeners.add(setNews);
    if (import.meta.env.MODE === 'development') open();
    return () => void listeners.delete(setNews);
  }, []);
  return news;
}
