import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { DeviceProfile } from '@shared/api/devices';

interface DevicesPage {
  items: DeviceProfile[];
}
type Cached = InfiniteData<DevicesPage> | DeviceProfile | undefined;

/**
 * Puts a device the server answered into every cached read of it: the device lists' pages and
 * its own profile (spec section 4 "Device note": on success the row updates), without reading
 * every page again.
 */
export function putCachedDevice(client: QueryClient, device: DeviceProfile): void {
  client.setQueriesData<Cached>({ queryKey: ['getAllDevices'] }, (cached) => {
    if (!cached || !('pages' in cached)) return cached;
    return {
      ...cached,
      pages: cached.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.DeviceID === device.DeviceID ? device : item)) })),
    };
  });
  client.setQueriesData<Cached>({ queryKey: ['getDeviceProfile'] }, (cached) =>
    cached && 'DeviceID' in cached && cached.DeviceID === device.DeviceID ? device : cached,
  );
}
