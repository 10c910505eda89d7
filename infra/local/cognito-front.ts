import {
  AdminGetUserCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  type AdminGetUserCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { localCognitoClient, TRIGGER_FUNCTIONS } from './cognito';
import { invokeLambda } from './lambda-twin';

const INITIATE_AUTH = 'AWSCognitoIdentityProviderService.InitiateAuth';

interface InitiateAuthRequest {
  AuthFlow?: string;
  ClientId?: string;
  AuthParameters?: Record<string, string>;
  ClientMetadata?: Record<string, string>;
}

/**
 * The local Cognito's front door: every request goes on to cognito-local unchanged, except that a
 * password sign-in first runs the PreAuthentication trigger cognito-local lacks, with Cognito's
 * event; a refusal is answered as Cognito answers it (400 UserLambdaValidationException) and
 * cognito-local, on loopback behind it, never sees the request.
 */
export async function startCognitoFront(options: { port: number; cognitoPort: number; lambdaUrl: string }): Promise<{ url: string; close(): Promise<void> }> {
  const cognitoUrl = `http://127.0.0.1:${options.cognitoPort}`;
  const admin = localCognitoClient(options.cognitoPort);
  const poolOfClient = new Map<string, string>();

  async function userPoolOf(clientId: string): Promise<string | undefined> {
    if (!poolOfClient.has(clientId)) {
      const { UserPools = [] } = await admin.send(new ListUserPoolsCommand({ MaxResults: 60 }));
      for (const pool of UserPools) {
        const { UserPoolClients = [] } = await admin.send(new ListUserPoolClientsCommand({ UserPoolId: pool.Id!, MaxResults: 60 }));
        for (const client of UserPoolClients) poolOfClient.set(client.ClientId!, pool.Id!);
      }
    }
    return poolOfClient.get(clientId);
  }

  /** The trigger's refusal of a password sign-in, or undefined when it may go on to cognito-local. */
  async function preAuthenticationRefusal(request: InitiateAuthRequest): Promise<string | undefined> {
    const username = request.AuthParameters?.USERNAME;
    if (request.AuthFlow !== 'USER_PASSWORD_AUTH' || !request.ClientId || !username) return undefined;
    const userPoolId = await userPoolOf(request.ClientId);
    if (!userPoolId) return undefined;
    let user: AdminGetUserCommandOutput;
    try {
      user = await admin.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    } catch {
      return undefined; // an unknown user: cognito-local answers as for a wrong password
    }
    const event = {
      version: '1',
      region: 'local',
      userPoolId,
      userName: user.Username,
      callerContext: { awsSdkVersion: 'local', clientId: request.ClientId },
      triggerSource: 'PreAuthentication_Authentication',
      request: {
        userAttributes: Object.fromEntries((user.UserAttributes ?? []).map(({ Name, Value }) => [Name, Value])),
        validationData: request.ClientMetadata,
      },
      response: {},
    };
    try {
      await invokeLambda(options.lambdaUrl, TRIGGER_FUNCTIONS.PreAuthentication, event);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const handle = async () => {
        const body = Buffer.concat(chunks);
        if (req.headers['x-amz-target'] === INITIATE_AUTH) {
          let request: InitiateAuthRequest = {};
          try {
            request = JSON.parse(body.toString('utf8')) as InitiateAuthRequest;
          } catch {
            // not JSON: cognito-local answers it
          }
          const refusal = await preAuthenticationRefusal(request);
          if (refusal !== undefined) {
            res
              .writeHead(400, { 'content-type': 'application/json' })
              .end(JSON.stringify({ __type: 'UserLambdaValidationException', message: `PreAuthentication failed with error ${refusal}.` }));
            return;
          }
        }
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
          ),
        );
        const answer = await fetch(cognitoUrl + (req.url ?? '/'), {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
        });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
      };
      handle().catch(() => {
        // cognito-local is down (the stack restarts it): as a service that is unavailable
        if (!res.headersSent) res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'cognito-local unavailable' }));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      admin.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
