/** A small stable hash (FNV-1a), for spreading one logical list or counter over several partitions. */
export function shardOf(id: string, shards: number): number {
  let hash = 2166136261;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) % shards;
}

/** Platform-wide lists (every patient, device, clinic, user) are spread over this many index partitions. */
export const LIST_SHARDS = 8;

export const listShard = (id: string) => String(shardOf(id, LIST_SHARDS));
export const allListShards = () => Array.from({ length: LIST_SHARDS }, (_, shard) => String(shard));
