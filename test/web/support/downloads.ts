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

/**
 * The records of a CSV text as RFC 4180 reads them (quoted fields, doubled quotes, CRLF between
 * records), each given back as its fields joined by commas: what a spreadsheet shows of each row
 * (the exports remove commas from cells, so the join is unambiguous).
 */
export function csvRows(text: string): string[] {
  const records: string[][] = [[]];
  let field = '';
  let quoted = false;
  const endField = () => {
    records.at(-1)!.push(field);
    field = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted && char === '"' && text[index + 1] === '"') {
      field += '"';
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      endField();
    } else if (!quoted && char === '\r' && text[index + 1] === '\n') {
      endField();
      records.push([]);
      index += 1;
    } else {
      field += char;
    }
  }
  endField();
  return records.map((record) => record.join(','));
}
