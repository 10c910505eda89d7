/**
 * Catches the files a screen offers as downloads (list-logic's downloadText, the spreadsheet
 * export) as the browser would get them: each file's name (the anchor's `download`) and its blob,
 * read back as text or bytes.
 */
export function catchDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:file';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  const read = <T>(index: number, as: 'text' | 'bytes') =>
    new Promise<T>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as T);
      if (as === 'text') reader.readAsText(blobs[index]!);
      else reader.readAsArrayBuffer(blobs[index]!);
    });
  return {
    names,
    blobs,
    text: (index: number) => read<string>(index, 'text'),
    bytes: (index: number) => read<ArrayBuffer>(index, 'bytes'),
  };
}

export { csvRows } from '@test/support/csv';
