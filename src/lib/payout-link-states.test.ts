import { describe, expect, it } from 'vitest';
import {
  canRedeliver,
  isOpenLink,
  LINK_STATUSES,
  linkStatusColor,
  linkStatusWords,
  payeeText,
} from './payout-link-states';

describe('payout link states', () => {
  it('has words and a colour for every status the vendor lists', () => {
    expect(LINK_STATUSES).toHaveLength(10);
    for (const status of LINK_STATUSES) {
      expect(linkStatusWords(status)).not.toBe(status);
      expect(linkStatusColor(status)).not.toBe('gray.8');
    }
    expect(linkStatusWords('on_hold')).toBe('on_hold');
  });

  it('lets an open or expired link be sent again, and only an open one be claimed or cancelled', () => {
    expect(isOpenLink('delivered')).toBe(true);
    expect(isOpenLink('expired')).toBe(false);
    expect(canRedeliver('expired')).toBe(true);
    for (const ended of ['claimed', 'canceled', 'reversed', 'failed'])
      expect(canRedeliver(ended)).toBe(false);
  });

  it('names a payee by what the link knows of them', () => {
    expect(payeeText({ first_name: 'Sam', last_name: 'Seller', email: 'sam@example.com' })).toBe(
      'Sam Seller · sam@example.com',
    );
    expect(payeeText({ country_code: '1', phone_number: '4155550123' })).toBe('+1 4155550123');
    expect(payeeText(null)).toBe('Anyone with the link');
    expect(payeeText({})).toBe('Anyone with the link');
  });
});
