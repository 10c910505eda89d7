/** The most items one page of a list holds (a keys-only index's page is one BatchGetItem of at most 100 keys). */
export const LARGEST_PAGE = 100;

/**
 * The most patients a page of a patient list holds. The list sorts the whole clinic, so the web
 * reads every page: a clinic up to this size is one answer, one round trip on a slow line.
 */
export const PATIENT_LIST_PAGE_MAX = 250;
