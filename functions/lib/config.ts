/**
 * The handlers' configuration, from the environment: the CDK stack sets it on each Lambda, the
 * local server on its own process. Endpoints of local twins come from the AWS SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, so no code here knows where it runs.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const config = {
  get tableName() {
    return required('TABLE_NAME');
  },
  get userPoolId() {
    return required('USER_POOL_ID');
  },
  get userPoolClientId() {
    return required('USER_POOL_CLIENT_ID');
  },
  get backendVersion() {
    return process.env.BACKEND_VERSION ?? '1.1.5';
  },
};
