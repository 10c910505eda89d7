import { env } from './environment';

/** The handlers' configuration, read from the typed environment (functions/lib/environment.ts). */
export const config = {
  get tableName() {
    return env('TABLE_NAME');
  },
  get userPoolId() {
    return env('USER_POOL_ID');
  },
  get userPoolClientId() {
    return env('USER_POOL_CLIENT_ID');
  },
  get backendVersion() {
    return env('BACKEND_VERSION');
  },
};
