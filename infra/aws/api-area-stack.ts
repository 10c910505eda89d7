import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi, type IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { gatewayPath } from '@shared/api/paths';
import type { ApiArea, RouteAccess, RouteDefinition } from '@shared/api/routes';
import { acknowledge, hipaaAndNist, invokedSynchronously } from './nag';
import { PortalFunction } from './portal-function';
import { isPublicRoute, pascalCase, routeKeyPatterns } from './route-table';
import { grantTableAccess } from './table-access';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';

/** Concurrency reserved for each public sign-in route: a credential-stuffing burst cannot take the account's pool. */
export const PUBLIC_ROUTE_CONCURRENCY = 10;

const sharedConcurrency = hipaaAndNist(
  'LambdaConcurrency',
  `A signed-in route shares the account's concurrency with the other routes: reserving some for each of fifty and more route Lambdas would cut the regional pool into slices that throttle a busy route while others idle. Its load is bounded by the stage's throttling, the WAF's per-IP rate rules and the JWT authorizer, which refuses a request without a session before any Lambda runs; the public sign-in routes, which take anyone's request, reserve ${PUBLIC_ROUTE_CONCURRENCY} each.`,
);

export interface ApiAreaStackProps extends NestedStackProps {
  area: ApiArea;
  routes: ReadonlyArray<[string, RouteDefinition]>;
  api: HttpApi;
  authorizer: IHttpRouteAuthorizer;
  /** The public routes' authorizer: the request came through CloudFront. */
  publicAuthorizer: IHttpRouteAuthorizer;
  table: ITable;
  logKey: IKey;
  environment: Record<string, string>;
  /** How each RouteAccess is granted to a route's function. */
  grants: Record<RouteAccess, (fn: PortalFunction) => void>;
  /** CloudFront's origin-verify secret: every route checks it in its endpoint chain. */
  originVerifySecret: ISecret;
}

/**
 * The Lambdas and API routes of one area of the route table, as a nested stack of the API stack:
 * about seven resources a route, so each area stays far from CloudFormation's 500. Each Lambda
 * may touch only the partition keys its route names (`dynamodb:LeadingKeys`), and never Scan.
 */
export class ApiAreaStack extends NestedStack {
  readonly functions: Record<string, PortalFunction> = {};

  constructor(scope: Construct, id: string, props: ApiAreaStackProps) {
    super(scope, id, { ...props, description: `PD clinic portal API: the ${props.area} routes` });
    for (const [routeId, route] of props.routes) {
      const fn = new PortalFunction(this, `Route${pascalCase(routeId)}`, {
        entry: `handlers/${route.handler}`,
        description: `${route.method} ${route.path}`,
        environment: props.environment,
        logKey: props.logKey,
        reservedConcurrentExecutions: isPublicRoute(route) ? PUBLIC_ROUTE_CONCURRENCY : undefined,
      });
      this.functions[routeId] = fn;
      acknowledge(fn, invokedSynchronously, isPublicRoute(route) ? [] : sharedConcurrency);
      grantTableAccess(fn, props.table, routeKeyPatterns(route));
      for (const access of route.access ?? []) props.grants[access](fn);
      props.originVerifySecret.grantRead(fn);
      new HttpRoute(this, `${pascalCase(routeId)}Route`, {
        httpApi: props.api,
        routeKey: HttpRouteKey.with(gatewayPath(route.path), route.method === 'GET' ? HttpMethod.GET : HttpMethod.POST),
        integration: new HttpLambdaIntegration(`${routeId}Integration`, fn),
        authorizer: isPublicRoute(route) ? props.publicAuthorizer : props.authorizer,
      });
    }
  }
}
