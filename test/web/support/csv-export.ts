import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { act } from '@testing-library/react';

/**
 * Presses the list's 'Export CSV' button and answers the downloaded file as the browser would get
 * it: its name (the anchor's `download`) and its text (the blob handed to the object URL).
 */
export async function csvOfExport(): Promise<{ name: string; text: string }> {
  const saved: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:csv';
  });
  URL.revokeObjectURL = jest.fn();
  const clicked: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  act(() => createWrapper(document.body).findButton('[data-testid="export-csv"]')!.click());
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(saved[0]!);
  });
  return { name: clicked[0]!, text };
}
