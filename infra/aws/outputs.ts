/**
 * The stack outputs an operator's command reads from `cdk deploy --outputs-file` (infra/ops): their
 * names are a contract with the operators' files, so they stay as they are. A module of its own so
 * that the commands read the names without loading the CDK.
 */
export const STACK_OUTPUTS = {
  /** PdPortalData: the portal's one table. */
  tableName: 'TableName',
  /** PdPortalIdentity: the Cognito user pool (its id begins with the pool's region). */
  userPoolId: 'UserPoolId',
} as const;
