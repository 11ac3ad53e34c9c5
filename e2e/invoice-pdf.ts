import { PDFDocument, StandardFonts } from 'pdf-lib';

/** An invoice as its vendor sends it: a one-page PDF made with pdf-lib, each line `item qty x price total`. */
export async function invoice(
  number: string,
  vendor: string,
  lines: [string, number, string, string][],
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const text = [
    `Vendor: ${vendor}`,
    `Invoice number: ${number}`,
    ...lines.map((l) => `${l[0]} ${l[1]} x ${l[2]} ${l[3]}`),
  ];
  text.forEach((line, i) => {
    page.drawText(line, { x: 56, y: 720 - i * 22, size: 12, font });
  });
  return Buffer.from(await doc.save());
}

/** An invoice of these lines as they are, for the layouts vendors use besides the labelled one above. */
export async function invoiceOfLines(lines: readonly string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 56, y: 720 - i * 22, size: 12, font });
  });
  return Buffer.from(await doc.save());
}
