import { defaultSettings, effectiveSettings, escalationMinutes, settingsPayloadSchema, validateSettings } from '@shared/settings';

/** The escalation rules as settings: their defaults, the three levels, the spec's numeric checks. */
describe('escalation settings', () => {
  it('default to High 15 min then 30 more, Medium 4 h then 4 h more', () => {
    expect(escalationMinutes(defaultSettings, 3, 'OnCall')).toBe(15);
    expect(escalationMinutes(defaultSettings, 3, 'Director')).toBe(30);
    expect(escalationMinutes(defaultSettings, 2, 'OnCall')).toBe(240);
    expect(escalationMinutes(defaultSettings, 2, 'Director')).toBe(240);
  });

  it('take the clinic’s value over the provider’s over the global one, and 0 turns a step off', () => {
    const settings = effectiveSettings({ EscalateHighAfter: 5 }, { EscalateHighAfter: 10, EscalateMediumAfter: 0 }, { EscalateHighDirectorAfter: 45 });
    expect(escalationMinutes(settings, 3, 'OnCall')).toBe(5);
    expect(escalationMinutes(settings, 3, 'Director')).toBe(45);
    expect(escalationMinutes(settings, 2, 'OnCall')).toBeUndefined();
  });

  it('are checked as the other numeric settings: not empty, not negative, at most 999', () => {
    const issues = validateSettings({ EscalateHighAfter: -1, EscalateMediumAfter: 1000, EscalateHighDirectorAfter: '' }, { partial: true });
    expect(issues.map((issue) => issue.field).sort()).toEqual(['EscalateHighAfter', 'EscalateHighDirectorAfter', 'EscalateMediumAfter']);
    const payload = settingsPayloadSchema({ partial: true }).safeParse({ Settings: [{ name: 'EscalateMediumDirectorAfter', value: 120 }] });
    expect(payload.success).toBe(true);
  });
});
