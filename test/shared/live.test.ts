import { livePolicyDocument, livePolicyName } from '@functions/identity/live-identity';
import { changeNoticeTopic, filterWithin, liveTopicFilterFor, topicMatches } from '@shared/live';

describe('the live screens topics (shared/live.ts)', () => {
  const clinicTopic = changeNoticeTopic({ ServiceProviderID: 'sp-1', ClinicID: 'clinic-1' });

  it('gives each role its tenant and nothing for a user without one', () => {
    expect(clinicTopic).toBe('portal/notices/provider/sp-1/clinic/clinic-1');
    for (const Role of ['Nurse', 'Doctor', 'ClinicDirector', 'ClinicAdmin'] as const) {
      expect(liveTopicFilterFor({ Role, ServiceProviderID: 'sp-1', ClinicID: 'clinic-1' })).toBe(clinicTopic);
      expect(liveTopicFilterFor({ Role, ServiceProviderID: 'sp-1' })).toBeUndefined();
    }
    expect(liveTopicFilterFor({ Role: 'ServiceProviderAdmin', ServiceProviderID: 'sp-1' })).toBe('portal/notices/provider/sp-1/#');
    expect(liveTopicFilterFor({ Role: 'ServiceProviderAdmin' })).toBeUndefined();
    expect(liveTopicFilterFor({ Role: 'LiberDiAdmin' })).toBe('portal/notices/#');
    // An id that would widen the filter is never one.
    expect(liveTopicFilterFor({ Role: 'Nurse', ServiceProviderID: 'sp-1', ClinicID: '#' })).toBeUndefined();
    expect(changeNoticeTopic({ ServiceProviderID: 'sp-1' })).toBe('portal/notices/provider/sp-1/clinic/none');
  });

  it('matches topics as MQTT does and allows no subscription wider than the grant', () => {
    expect(topicMatches('portal/notices/provider/sp-1/#', clinicTopic)).toBe(true);
    expect(topicMatches('portal/notices/provider/sp-1/#', 'portal/notices/provider/sp-1')).toBe(true);
    expect(topicMatches('portal/notices/provider/sp-1/#', 'portal/notices/provider/sp-2/clinic/c')).toBe(false);
    expect(topicMatches('portal/notices/provider/+/clinic/clinic-1', clinicTopic)).toBe(true);
    expect(filterWithin(clinicTopic, clinicTopic)).toBe(true);
    expect(filterWithin(clinicTopic, 'portal/notices/provider/sp-1/clinic/+')).toBe(false);
    expect(filterWithin('portal/notices/provider/sp-1/#', 'portal/notices/provider/sp-1/clinic/+')).toBe(true);
    expect(filterWithin('portal/notices/provider/sp-1/#', 'portal/notices/provider/+/clinic/clinic-1')).toBe(false);
    expect(filterWithin('portal/notices/#', '#')).toBe(false);
    expect(filterWithin('portal/notices/#', 'portal/notices/provider/sp-9/#')).toBe(true);
  });

  it("writes each tenant's IoT policy: connect as oneself, subscribe to the tenant's filter, receive its topics, never publish", () => {
    const policy = JSON.parse(livePolicyDocument('eu-west-1', '123456789012', 'portal/notices/provider/sp-1/#')) as {
      Statement: Array<{ Action: string; Resource: string | string[] }>;
    };
    expect(policy.Statement).toEqual([
      { Effect: 'Allow', Action: 'iot:Connect', Resource: 'arn:aws:iot:eu-west-1:123456789012:client/${cognito-identity.amazonaws.com:sub}' },
      { Effect: 'Allow', Action: 'iot:Subscribe', Resource: 'arn:aws:iot:eu-west-1:123456789012:topicfilter/portal/notices/provider/sp-1/#' },
      {
        Effect: 'Allow',
        Action: 'iot:Receive',
        Resource: [
          'arn:aws:iot:eu-west-1:123456789012:topic/portal/notices/provider/sp-1',
          'arn:aws:iot:eu-west-1:123456789012:topic/portal/notices/provider/sp-1/*',
        ],
      },
    ]);
    expect(livePolicyName(clinicTopic)).toMatch(/^portal-live-[0-9a-f]{32}$/);
    expect(livePolicyName(clinicTopic)).not.toBe(livePolicyName('portal/notices/#'));
  });
});
