import { expect, it } from 'vitest';
import { appOfSameName } from './app-names';

it('finds the app a new name repeats, in any case, and none for a new name', () => {
  const apps = [
    { id: 'a', name: 'Demo Marketplace' },
    { id: 'b', name: null },
  ];
  expect(appOfSameName(' demo marketplace ', apps)?.id).toBe('a');
  expect(appOfSameName('Demo Marketplace EU', apps)).toBeNull();
  expect(appOfSameName('', apps)).toBeNull();
});
