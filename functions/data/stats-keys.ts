/** The platform-wide counters (activated devices and clinics, total exchanges): one item, STATS/GLOBAL. */
export const statsKeys = {
  global: () => ({ pk: 'STATS', sk: 'GLOBAL' }),
};
