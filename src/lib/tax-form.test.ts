import { expect, it } from 'vitest';
import { taxFormOnFile } from './tax-form';

it('names the one tax form on file: a W-9 by its TIN, else a W-8BEN, else none', () => {
  expect(taxFormOnFile({ w9: { tin_last4: '6789' }, w8_ben_collected: true })).toBe('W-9, TIN ending 6789');
  expect(taxFormOnFile({ w8_ben_collected: true })).toBe('W-8BEN');
  expect(taxFormOnFile({ w8_ben_collected: true, w9: null })).toBe('W-8BEN');
  expect(taxFormOnFile({ w8_ben_collected: false, w9: { tin_last4: null } })).toBe('None on file');
  expect(taxFormOnFile(null)).toBe('None on file');
});
