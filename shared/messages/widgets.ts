/**
 * The words of the shared widgets (spec section 2 "Common widgets", 4 "Lists", 5 "Address
 * dialog"): the spec's texts as the spec writes them, the rest ours.
 */
export const widgets = {
  confirmation: { accept: 'Accept', cancel: 'Cancel' },
  address: {
    title: 'Address',
    country: 'Country',
    city: 'City',
    street: 'Street',
    countryRequired: 'Country name is required',
    cityRequired: 'City name is required',
    streetRequired: 'Street name is required',
    tooLong: (label: string) => `${label} must be 100 characters or less`,
    accept: 'Accept',
    cancel: 'cancel',
    edit: 'Edit address',
    chooseCountry: 'Choose a country',
  },
  list: {
    empty: 'No items match your search',
    search: 'Search',
    searchIn: 'Search in',
    allColumns: 'All columns',
    searchMode: 'Search mode',
    include: 'includes',
    lessThan: 'less than',
    greaterThan: 'greater than',
    equal: 'equal',
    futureDate: 'Search by date cannot be in the future',
    status: 'Status',
    all: 'All',
    active: 'Active',
    inactive: 'Inactive',
    exportCsv: 'Export CSV',
    loadMore: 'Load more',
    matches: (count: number) => `${count} ${count === 1 ? 'match' : 'matches'}`,
    today: 'Today',
    nextMonth: 'Next month',
    previousMonth: 'Previous month',
    nextPage: 'Next page',
    previousPage: 'Previous page',
    pageLabel: (page: number) => `Page ${page}`,
    /** Not spec texts: the list's order before a column is sorted, and its explanation's button. */
    orderedBy: (label: string) => `Order: ${label}`,
    aboutOrder: (label: string) => `About the order ${label}`,
    close: 'Close',
  },
  fields: {
    activated: 'Activated',
    deactivated: 'Deactivated',
    chooseFile: 'Choose file',
    singleFileOnly: 'not support multiple files',
    noFile: 'no such files ',
    fileNameTooLong: 'the length of the file name should be 80 symbols or less ',
    fileType: 'Accepted types: png, jpg, jpeg, img',
    countryCode: 'Country code',
    decrease: 'Decrease',
    increase: 'Increase',
    /** Not spec texts: the date inputs' format and a saved message's button. */
    dateFormat: 'YYYY/MM/DD',
    timeFormat: 'hh:mm',
    ok: 'OK',
  },
  /**
   * Not spec texts: the buttons that scroll a row of tabs too wide for the screen (a patient's
   * tabs on a tablet). Named by order, not side: in Hebrew the row runs the other way.
   */
  tabs: { scrollLeft: 'Previous tabs', scrollRight: 'Next tabs' },
  loading: 'Loading',
  deviceSettingsTitle: 'Device settings',
  /** Not a spec text: the offline shell's notice while the browser has no connection. */
  offline: 'You are offline. The portal shows no patient data until the connection is back.',
} as const;
