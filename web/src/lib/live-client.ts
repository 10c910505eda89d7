import { CONNECTION_STATE_CHANGE, ConnectionState, PubSub as IotPubSub } from '@aws-amplify/pubsub';
import { PubSub as MqttPubSub } from '@aws-amplify/pubsub/mqtt';
import { Hub } from 'aws-amplify/utils';
import { changeNoticeSchema, type ChangeNotice } from '@shared/live';
import type { LiveConfig } from './runtime-config';

/**
 * The live screens' MQTT client (`@aws-amplify/pubsub`), loaded once a signed-in screen opens: on
 * AWS its IoT provider, signed with the identity pool's short-lived credentials; locally plain MQTT
 * over WebSocket to /mqtt with the session's token. Amplify reconnects and subscribes again;
 * `onState` hears each change (docs/live-screens.md).
 */
export interface LiveClientOptions {
  config: LiveConfig;
  topicFilter: string;
  /** The session's access token now (locally: sent in the WebSocket URL on every connect). */
  accessToken: () => string | undefined;
  /** The session's ID token now (on AWS: traded for the identity pool's credentials). */
  idToken: () => string | undefined;
  onNotice: (notice: ChangeNotice) => void;
  onState: (state: ConnectionState) => void;
}

/** The local broker's WebSocket, on the portal's own origin, asked afresh on each (re)connect so it carries the current token. */
class LocalBrokerPubSub extends MqttPubSub {
  constructor(private readonly url: () => string) {
    super({ aws_appsync_dangerously_connect_to_http_endpoint_for_testing: globalThis.location?.protocol === 'http:' });
  }

  protected override get endpoint(): Promise<string | undefined> {
    return Promise.resolve(this.url());
  }
}

async function pubSubFor(options: LiveClientOptions): Promise<MqttPubSub> {
  const { config } = options;
  if (config.kind === 'local') {
    const origin = new URL(config.path, globalThis.location.href);
    origin.protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
    return new LocalBrokerPubSub(() => {
      const url = new URL(origin);
      url.searchParams.set('token', options.accessToken() ?? '');
      return url.href;
    });
  }
  const [{ Amplify }, { decodeJWT, fetchAuthSession }, { CognitoAWSCredentialsAndIdentityIdProvider, DefaultIdentityIdStore }, { sessionStorage }] =
    await Promise.all([import('aws-amplify'), import('aws-amplify/auth'), import('aws-amplify/auth/cognito'), import('aws-amplify/utils')]);
  // The identity id is kept where our tokens are (sessionStorage), not in Amplify's default localStorage.
  const credentialsProvider = new CognitoAWSCredentialsAndIdentityIdProvider(new DefaultIdentityIdStore(sessionStorage));
  Amplify.configure(
    { Auth: { Cognito: { userPoolId: config.userPoolId, userPoolClientId: config.userPoolClientId, identityPoolId: config.identityPoolId } } },
    {
      Auth: {
        // Our own sign-in holds the tokens (sessionStorage, session-store.ts); Amplify only reads them.
        tokenProvider: {
          getTokens: async () => {
            const idToken = options.idToken();
            const accessToken = options.accessToken();
            return idToken && accessToken ? { idToken: decodeJWT(idToken), accessToken: decodeJWT(accessToken) } : null;
          },
        },
        credentialsProvider,
      },
    },
  );
  // The IoT policy lets an identity connect only under its own id (functions/identity/live-identity.ts).
  const { identityId } = await fetchAuthSession();
  const endpoint = new URL(config.endpoint);
  return new IotPubSub({ region: config.region, endpoint: `wss://${endpoint.host}/mqtt`, clientId: identityId });
}

/** Connects and subscribes; the returned function ends it (sign-out, another user). */
export async function connectLive(options: LiveClientOptions): Promise<() => void> {
  const pubsub = await pubSubFor(options);
  const stopListening = Hub.listen('pubsub', ({ payload }) => {
    if (payload.event !== CONNECTION_STATE_CHANGE) return;
    const data = payload.data as { provider?: unknown; connectionState?: ConnectionState };
    if (data.provider === pubsub && data.connectionState) options.onState(data.connectionState);
  });
  const subscription = pubsub.subscribe({ topics: [options.topicFilter] }).subscribe({
    next: (message) => {
      const parsed = changeNoticeSchema.safeParse({ ...message });
      if (parsed.success) options.onNotice(parsed.data);
    },
  });
  return () => {
    subscription.unsubscribe();
    stopListening();
  };
}

export { ConnectionState };
