import { installTranslation } from '@web/src/lib/catalogue-translation';

/** A tiny catalogue in both languages, shaped like shared/messages (areas of texts, templates and lists). */
function catalogues() {
  const english = {
    shell: { logOut: 'Log Out', lastLoginAt: (date: string) => `Last login at ${date}`, labels: { navigation: 'Navigation' } },
    patients: {
      labels: { FirstName: 'First name' },
      racialOptions: ['Asian', 'White'],
      confirmLines: ['You are going to save.', 'It can not be undone.'],
      exchangeCount: (count: number) => `${count} ${count === 1 ? 'exchange' : 'exchanges'}`,
      moreAlerts: (count: number) => `and ${count} more`,
      between: (from: string, to: string) => `from ${from} to ${to}`,
    },
    required: (label: string) => `${label} is required`,
  };
  const hebrew = {
    shell: { logOut: 'יציאה', lastLoginAt: (date: string) => `כניסה אחרונה: ${date}`, labels: { navigation: 'ניווט' } },
    patients: {
      labels: { FirstName: 'שם פרטי' },
      racialOptions: ['אסייתי', 'לבן'],
      confirmLines: ['אתם עומדים לשמור.', 'לא ניתן לבטל.'],
      exchangeCount: (count: number) => `${count} ${count === 1 ? 'החלפה' : 'החלפות'}`,
      moreAlerts: (count: number) => `ועוד ${count}`,
      between: (from: string, to: string) => `עד ${to} מ-${from}`,
    },
    required: (label: string) => `${label} הוא שדה חובה`,
  };
  return { english, hebrew };
}

describe('installTranslation', () => {
  it('writes the translation over the English objects, so a module holding an area reads it', () => {
    const { english, hebrew } = catalogues();
    const heldByAScreen = english.shell;
    const lines = english.patients.confirmLines;
    installTranslation(english, hebrew);
    expect(heldByAScreen.logOut).toBe('יציאה');
    expect(heldByAScreen.labels.navigation).toBe('ניווט');
    expect(heldByAScreen.lastLoginAt('01/02/24')).toBe('כניסה אחרונה: 01/02/24');
    expect(lines).toEqual(['אתם עומדים לשמור.', 'לא ניתן לבטל.']);
  });

  it('keeps a list of stored values in English and gives its labels in the same order', () => {
    const { english, hebrew } = catalogues();
    const stored = english.patients.racialOptions;
    const { labels, translate } = installTranslation(english, hebrew, [stored]);
    expect(english.patients.racialOptions).toEqual(['Asian', 'White']);
    expect(labels.get(stored)).toEqual(['אסייתי', 'לבן']);
    expect(translate('White')).toBe('לבן');
  });

  it('translates texts that left the catalogue before: plain, templated, with translated and reordered arguments', () => {
    const { english, hebrew } = catalogues();
    const captured = { logOut: english.shell.logOut, required: english.required('First name'), between: english.patients.between('a', 'b') };
    const { translate } = installTranslation(english, hebrew);
    expect(translate(captured.logOut)).toBe('יציאה');
    expect(translate(captured.required)).toBe('שם פרטי הוא שדה חובה');
    expect(translate(captured.between)).toBe('עד b מ-a');
    expect(translate('Last login at 05/03/24 12:00')).toBe('כניסה אחרונה: 05/03/24 12:00');
    expect(translate('and 3 more')).toBe('ועוד 3');
    expect(translate('Something no catalogue holds')).toBe('Something no catalogue holds');
  });
});
