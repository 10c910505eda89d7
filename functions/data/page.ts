import { LARGEST_PAGE } from '@shared/api/page-sizes';

/** One page of a list and the cursor of the next (null on the last page). */
export interface Page<T> {
  items: T[];
  cursor: string | null;
}

/** What a caller asks of a list: how many items at most, and where the previous page stopped. */
export interface PageRequest {
  limit?: number;
  cursor?: string | null;
}

export const DEFAULT_PAGE_SIZE = 50;
/** The largest page a list reads unless it names its own (`exactPage`'s `largest`). */
export const MAX_PAGE_SIZE = LARGEST_PAGE;

/** ElectroDB's query options for one page of at most `largest` items. */
export function pageOptions(page: PageRequest = {}, largest = MAX_PAGE_SIZE) {
  return { limit: Math.max(1, Math.min(page.limit ?? DEFAULT_PAGE_SIZE, largest)), cursor: page.cursor ?? null };
}

/**
 * A page as the repositories hand it out. A list over a keys-only index reads its items with a
 * BatchGetItem; keys DynamoDB left unprocessed (throttling) fail the call rather than leave rows out.
 */
export function toPage<I, T>(result: { data: I[]; cursor: string | null }, map: (item: I) => T): Page<T> {
  complete(result);
  return { items: result.data.map(map), cursor: result.cursor };
}

/**
 * A page of a list a client reads to its end (the patient lists), with a cursor only when items
 * follow it: when the page is full, `follows` looks one item past it (a Query of one key), so a
 * client reading every page never waits a round trip for an empty last one.
 */
export async function exactPage<I, T>(
  page: PageRequest | undefined,
  read: (options: { limit: number; cursor: string | null }) => Promise<{ data: I[]; cursor: string | null }>,
  follows: (cursor: string) => Promise<boolean>,
  map: (item: I) => T,
  largest = MAX_PAGE_SIZE,
): Promise<Page<T>> {
  const { items, cursor } = toPage(await read(pageOptions(page, largest)), map);
  return { items, cursor: cursor && (await follows(cursor)) ? cursor : null };
}

/** Throws when a batch read left keys unprocessed, so a caller never takes a partial read for the whole. */
export function complete(result: object): void {
  // A hydrated query reports its BatchGet's leftovers too, though ElectroDB's query type does not declare them.
  const unprocessed = 'unprocessed' in result && Array.isArray(result.unprocessed) ? result.unprocessed : [];
  if (unprocessed.length > 0) throw new Error(`${unprocessed.length} items were not read (throttled); try again`);
}

/**
 * A list refused the cursor it was given: not one ElectroDB wrote, or a key outside the query's
 * partition (DynamoDB refuses such a start key). A caller's mistake (a 400), never another page.
 */
export function isInvalidCursor(error: unknown): boolean {
  const { name, message, cause } = (error ?? {}) as { name?: string; message?: string; cause?: { name?: string } };
  return name === 'ElectroError' && (/parse cursor/i.test(message ?? '') || (cause?.name === 'ValidationException' && /starting key/i.test(message ?? '')));
}

/** Every item of a paged list, page by page (jobs and tests; request paths show one page). */
export async function allItems<T>(list: (page: PageRequest) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await list({ limit: MAX_PAGE_SIZE, cursor });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

/**
 * A list spread over several partitions (shards) as one list: the cursor carries the shard and the
 * position within it, so a caller pages through every shard in turn.
 */
export async function shardedPage<T>(
  shards: readonly string[],
  page: PageRequest,
  listShard: (shard: string, page: PageRequest) => Promise<Page<T>>,
): Promise<Page<T>> {
  const { limit } = pageOptions(page);
  let [shardIndex, cursor] = decodeShardCursor(page.cursor);
  const items: T[] = [];
  while (shardIndex < shards.length && items.length < limit) {
    const result = await listShard(shards[shardIndex]!, { limit: limit - items.length, cursor });
    items.push(...result.items);
    if (result.cursor) cursor = result.cursor;
    else {
      shardIndex += 1;
      cursor = null;
    }
  }
  return { items, cursor: shardIndex < shards.length ? encodeShardCursor(shardIndex, cursor) : null };
}

function encodeShardCursor(shard: number, cursor: string | null): string {
  return Buffer.from(JSON.stringify([shard, cursor])).toString('base64url');
}

function decodeShardCursor(cursor: string | null | undefined): [number, string | null] {
  if (!cursor) return [0, null];
  const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'number' || (parsed[1] !== null && typeof parsed[1] !== 'string')) throw new Error('Invalid cursor');
  return [parsed[0], parsed[1]];
}
