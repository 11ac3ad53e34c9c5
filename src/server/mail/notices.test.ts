import { expect, it } from 'vitest';
import { decidedMessage } from './notices';

it('spells a canceled request as every page does, in its subject and its text', () => {
  const news = {
    id: 'r-1',
    amountCents: 12_500,
    count: 1,
    maker: { name: 'Fiona Finance', email: 'fiona@example.com' },
    origin: 'https://console.example',
  };
  const message = decidedMessage(news, { status: 'cancelled' });
  expect(message.subject).toBe('Your request for $125.00 was canceled');
  expect(message.text).toContain('Your request for a payment of $125.00 was canceled.');
  expect(`${message.subject}${message.text}`).not.toMatch(/cancelled/i);
});
