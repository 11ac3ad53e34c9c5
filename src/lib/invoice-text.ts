import { parseDollars } from './money';

/**
 * What an invoice's text says, as far as plain patterns find it: the invoice number, the total, the line items and
 * the vendor's name. What is not found is left out, for a person to fill in the draft.
 */
export interface InvoiceFacts {
  number?: string;
  totalCents?: number;
  vendorName?: string;
  items: { name: string; quantity: number; unit_price: number; amount: number }[];
}

const MONEY = String.raw`\$?\s?(\d{1,3}(?:,\d{3})*(?:\.\d{2})|\d+(?:\.\d{2}))`;

function cents(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const parsed = parseDollars(text);
  return parsed.ok && parsed.cents > 0 ? parsed.cents : undefined;
}

export function readInvoiceText(text: string): InvoiceFacts {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const facts: InvoiceFacts = { items: [] };
  for (const line of lines) {
    const number = /^(?:invoice\s*(?:number|no\.?|#)|invoice)\s*:?\s*#?\s*([A-Za-z0-9][\w./-]{0,63})$/i.exec(
      line,
    );
    if (number?.[1] && !facts.number) facts.number = number[1];
    const vendor = /^(?:vendor|from|bill from|supplier)\s*:\s*(.{1,200})$/i.exec(line);
    if (vendor?.[1] && !facts.vendorName) facts.vendorName = vendor[1].trim();
    const total = new RegExp(`^(?:total|amount due|total due)\\s*:?\\s*${MONEY}$`, 'i').exec(line);
    if (total && facts.totalCents === undefined) facts.totalCents = cents(total[1]);
    // "Hosting, March  2 x $50.00  $100.00"
    const item = new RegExp(`^(.{1,200}?)\\s+(\\d{1,6})\\s*[x×]\\s*${MONEY}\\s+${MONEY}$`, 'i').exec(line);
    if (item?.[1] && item[2]) {
      const quantity = Number(item[2]);
      const unit = cents(item[3]);
      const amount = cents(item[4]);
      if (unit && amount && unit * quantity === amount) {
        facts.items.push({ name: item[1].replace(/[\s,:-]+$/, ''), quantity, unit_price: unit, amount });
      }
    }
  }
  return facts;
}
