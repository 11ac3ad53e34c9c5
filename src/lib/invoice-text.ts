import { parseDollars } from './money';

/**
 * What an invoice's text says, as far as plain patterns find it: the invoice number, the total, the line items and
 * the vendor's name (after "Vendor:" or "From:", else the title line's words besides "invoice"). What is not found is
 * left out, for a person to fill in the draft.
 */
export interface InvoiceFacts {
  number?: string;
  totalCents?: number;
  vendorName?: string;
  items: { name: string; quantity: number; unit_price: number; amount: number }[];
}

// Dollars with or without cents: "$240", "$2,400.00", "99.50".
const MONEY = String.raw`\$?\s?(\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+(?:\.\d{2})?)`;

function cents(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const parsed = parseDollars(text);
  return parsed.ok && parsed.cents > 0 ? parsed.cents : undefined;
}

/** "Northwind Hosting — Invoice NH-7" or "Invoice from Northwind Hosting": the name the title line gives, if any. */
function nameInTitle(line: string): string | undefined {
  const name = line
    .replace(/\binvoice\b\s*(?:(?:number|no\.?|#)\s*:?\s*)?(?:#?\s*[A-Za-z]*\d[\w./-]*)?/i, ' ')
    .replace(/^\s*(?:from|by)\s+/i, '')
    .replace(/^[\s\-–—:|,]+|[\s\-–—:|,]+$/g, '')
    .trim();
  return /[A-Za-z]{2}/.test(name) && !/\d{3}/.test(name) ? name : undefined;
}

export function readInvoiceText(text: string): InvoiceFacts {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const facts: InvoiceFacts = { items: [] };
  let titled: string | undefined;
  for (const line of lines) {
    const number = /^(?:invoice\s*(?:number|no\.?|#)|invoice)\s*:?\s*#?\s*([A-Za-z0-9][\w./-]{0,63})$/i.exec(
      line,
    );
    if (number?.[1] && !facts.number) facts.number = number[1];
    const vendor = /^(?:vendor|from|bill from|supplier)\s*:\s*(.{1,200})$/i.exec(line);
    if (vendor?.[1] && !facts.vendorName) facts.vendorName = vendor[1].trim();
    // The title line (the first that says "invoice") names the vendor when no label does.
    if (titled === undefined && !number && !vendor && /\binvoice\b/i.test(line)) {
      titled = nameInTitle(line.slice(0, 200));
    }
    const total = new RegExp(`^(?:total|amount due|total due)\\s*:?\\s*${MONEY}$`, 'i').exec(line);
    if (total && facts.totalCents === undefined) facts.totalCents = cents(total[1]);
    // "Hosting, March  2 x $50.00  $100.00", "Consulting 3 x $240 = $720", or "Consulting 3 x $240" alone.
    const item = new RegExp(
      `^(.{1,200}?)\\s+(\\d{1,6})\\s*[x×@]\\s*${MONEY}(?:\\s*=?\\s*${MONEY})?$`,
      'i',
    ).exec(line);
    if (item?.[1] && item[2] && !total) {
      const quantity = Number(item[2]);
      const unit = cents(item[3]);
      const amount = item[4] === undefined ? (unit ?? 0) * quantity : cents(item[4]);
      if (unit && amount && unit * quantity === amount) {
        facts.items.push({ name: item[1].replace(/[\s,:-]+$/, ''), quantity, unit_price: unit, amount });
      }
    }
  }
  if (!facts.vendorName && titled) facts.vendorName = titled;
  return facts;
}

/**
 * The vendor an invoice names, among the organization's: the one named exactly, else the longest whose name the
 * invoice's vendor words contain ("Northwind Hosting LLC" is Northwind Hosting). Undefined when none is.
 */
export function vendorNamed<T extends { name: string }>(
  facts: Pick<InvoiceFacts, 'vendorName'>,
  vendors: readonly T[],
): T | undefined {
  const said = facts.vendorName?.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!said) return undefined;
  const exact = vendors.find((v) => v.name.toLowerCase().trim() === said);
  if (exact) return exact;
  const words = (name: string) =>
    new RegExp(`(?:^|\\W)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\W|$)`);
  return [...vendors]
    .filter((v) => v.name.trim().length >= 3 && words(v.name.toLowerCase().trim()).test(said))
    .sort((a, b) => b.name.length - a.name.length)[0];
}
