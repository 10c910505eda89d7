import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { act } from '@testing-library/react';
import { catchDownloads, csvRows } from './downloads';

/**
 * Presses the list's 'Export CSV' button and answers the downloaded file as the browser would get
 * it: its name (the anchor's `download`), its text (the blob handed to the object URL) and its
 * rows as a spreadsheet reads them (csvRows).
 */
export async function csvOfExport(): Promise<{ name: string; text: string; rows: string[] }> {
  const downloads = catchDownloads();
  act(() => createWrapper(document.body).findButton('[data-testid="export-csv"]')!.click());
  const text = await downloads.text(0);
  return { name: downloads.names[0]!, text, rows: csvRows(text) };
}
