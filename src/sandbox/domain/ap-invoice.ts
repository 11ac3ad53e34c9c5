import { extractText, getDocumentProxy } from 'unpdf';
import { readInvoiceText, vendorNamed } from '../../lib/invoice-text';
import { vendorMethods, vendorsOf } from '../store/accounts-payable';
import { insertNewPayable, payableView, pdfBytes } from './ap-payables';
import type { Caller } from './auth';
import { DomainError } from './errors';

/** The text of a PDF's pages, one line per line of text (unpdf, pdf.js underneath); a PDF it cannot read: 400. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } catch {
    throw new DomainError('invalid', 'invalid-file', 'This PDF cannot be read', [
      { path: 'file', message: 'This PDF cannot be read' },
    ]);
  }
}

/**
 * upload-from-file: a `created` bill from an invoice PDF, with what its text says (the number, the total, the items,
 * the vendor by name and its only or first method); the rest is left for a person. A number not found is the file's
 * name (the vendor's document requires one), so that the draft can be found and corrected.
 */
export async function createPayableFromFile(
  caller: Caller,
  upload: { actingUserId: number; bytes: Uint8Array; fileName: string },
) {
  const bytes = pdfBytes(upload.bytes);
  const facts = readInvoiceText(await pdfText(bytes));
  const { db, tenant, origin } = caller;
  return db.transaction(() => {
    const vendor = vendorNamed(facts, vendorsOf(db, tenant.orgId));
    const method = vendor ? vendorMethods(db, vendor.id)[0] : undefined;
    const itemsAddUp =
      facts.items.length > 0 &&
      (facts.totalCents === undefined ||
        facts.items.reduce((sum, item) => sum + item.amount, 0) === facts.totalCents);
    const row = insertNewPayable(caller, {
      acting_user_id: upload.actingUserId,
      number: facts.number ?? upload.fileName.replace(/\.pdf$/i, '').slice(0, 100),
      ap_vendor_id: vendor?.id,
      ap_payment_method_id: method?.id,
      ...(itemsAddUp ? { items: facts.items } : { amount: facts.totalCents }),
      file: bytes,
    });
    return payableView(db, row, origin);
  })();
}
