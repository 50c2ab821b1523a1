// The site's clock on the server: the shared rules (validators/site-time.ts) and each site's zone by
// its id, for code that knows a site by its id alone, deep in a transaction (the ledger's month, a
// warning's year), where a query would wait on the one embedded connection. ./sites.ts fills it at
// every reload, on every node.
import { DEFAULT_TIME_ZONE } from '../../validators/site-time.ts';

export * from '../../validators/site-time.ts';

const zonesById = new Map<number, string>();

export function rememberZones(zones: ReadonlyMap<number, string>): void {
  zonesById.clear();
  for (const [id, zone] of zones) zonesById.set(id, zone);
}

/** The time zone of a site by its id (the default for a site not read yet). */
export function zoneOf(siteId: number): string {
  return zonesById.get(Number(siteId)) ?? DEFAULT_TIME_ZONE;
}
