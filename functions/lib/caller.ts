import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { effectiveRole, type Role } from '@shared/roles';

/** Who is calling: the verified token's subject and effective role, plus the tenant from the user record. */
export interface Caller {
  userId: string;
  role: Role;
  serviceProviderId?: string;
  clinicId?: string;
}

/**
 * API Gateway's JWT authorizer hands array claims to the Lambda as one string, `[a b c]`; the
 * local server does the same. This reads either form back into a list.
 */
export function parseListClaim(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.map(String);
  if (typeof claim !== 'string' || claim.trim() === '') return [];
  const trimmed = claim.trim();
  const inner = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  return inner.split(/[\s,]+/).filter(Boolean);
}

/** The verified claims' subject and effective role, or undefined when the token carries no role. */
export function identityFromClaims(event: APIGatewayProxyEventV2WithJWTAuthorizer): { userId: string; role: Role } | undefined {
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  const userId = claims.sub;
  const role = effectiveRole(parseListClaim(claims['cognito:groups']));
  if (typeof userId !== 'string' || !userId || !role) return undefined;
  return { userId, role };
}
