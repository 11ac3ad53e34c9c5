// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../components/test/match-media';
import { CreatePaymentPage } from './CreatePaymentPage';

// The metadata rows stand inside the form's fields and are not memoized: each time they render, the fields did.
const metadataRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./MetadataRows', () => ({
  MetadataRows: () => {
    metadataRenders.count++;
    return null;
  },
}));

beforeAll(() => {
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
});

it('draws the form once as the page opens: react-hook-form marking the form ready does not draw it again', async () => {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <CreatePaymentPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
  await act(async () => {});
  expect(await screen.findByRole('button', { name: 'Review payment' })).toBeTruthy();
  expect(metadataRenders.count).toBe(1);
});
