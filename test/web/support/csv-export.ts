import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { act } from '@testing-library/react';
import { catchDownloads } from './downloads';

/**
 * Presses the list's 'Export CSV' button and answers the downloaded file as the browser would get
 * it: its name (the anchor's `download`) and its text (the blob handed to the object URL).
 */
export async function csvOfExport(): Promise<{ name: string; text: string }> {
  const downloads = catchDownloads();
  act(() => createWrapper(document.body).findButton('[data-testid="export-csv"]')!.click());
  return { name: downloads.names[0]!, text: await downloads.text(0) };
}
