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
/** A page of a keys-only index is read back with one BatchGetItem, which takes at most 100 keys. */
export const MAX_PAGE_SIZE = 100;

/** ElectroDB's query options for one page. */
export function pageOptions(page: PageRequest = {}) {
  return { limit: Math.max(1, Math.min(page.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)), cursor: page.cursor ?? null };
}

/**
 * A page as the repositories hand it out. A list over a keys-only index reads its items with a
 * BatchGetItem; keys DynamoDB left unprocessed (throttling) fail the call rather than leave rows out.
 */
export function toPage<I, T>(result: { data: I[]; cursor: string | null }, map: (item: I) => T): Page<T> {
  complete(result);
  return { items: result.data.map(map), cursor: result.cursor };
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
