import { describe, expect, it } from 'vitest';
import { isEin, isItin, isSsn, maskTin, tinLast4, tinProblem } from './tin';

describe('TIN shapes', () => {
  it('an SSN has a used area, group and serial', () => {
    expect(isSsn('123456789')).toBe(true);
    for (const bad of ['000456789', '666456789', '923456789', '123006789', '123450000', '12345678']) {
      expect(isSsn(bad), bad).toBe(false);
    }
  });
  it('an ITIN starts with 9 and has an assigned middle', () => {
    expect(isItin('912701234')).toBe(true);
    expect(isItin('912931234')).toBe(false);
    expect(isItin('123701234')).toBe(false);
  });
  it("an EIN's prefix is one the IRS uses", () => {
    expect(isEin('123456789')).toBe(true);
    expect(isEin('071234567')).toBe(false);
  });
  it('an individual gives an SSN or ITIN, a business an EIN; messages say why', () => {
    expect(tinProblem('123-45-6789', 'individual')).toBeNull();
    expect(tinProblem('912-70-1234', 'individual')).toBeNull();
    expect(tinProblem('666-45-6789', 'individual')).toBe('Not a valid SSN or ITIN');
    expect(tinProblem('00-0000000', 'business')).toMatch(/Not a valid EIN/);
    expect(tinProblem('1234', 'business')).toMatch(/9 digits \(this has 4\)/);
    expect(tinProblem('12a456789', 'business')).toMatch(/digits only/);
    expect(tinProblem('', 'business')).toMatch(/Enter/);
  });
  it('shows the last four only', () => {
    expect(tinLast4('123-45-6789')).toBe('6789');
    expect(maskTin('123456789')).toBe('•••••6789');
    expect(maskTin('123')).toBe('•••');
  });
});
