/**
 * The records of a CSV text as RFC 4180 reads them (quoted fields, doubled quotes, CRLF between
 * records), each given back as its fields joined by commas: what a spreadsheet shows of each row
 * (the exports remove commas from cells, so the join is unambiguous).
 */
export function csvRows(text: string): string[] {
  text = text.replace(/^\uFEFF/, '').replace(/\r\n$/, '');
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
