// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { transferSchema } from '../../api/schemas';
import { stubMatchMedia } from '../../components/test/match-media';
import { SAMPLE_TRANSFER_ANSWER } from './sample-transfer';
import { TransferRehearsal } from './TransferViewPage';

beforeAll(() => {
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('has a sample that walks every part a new payment has: a transaction, the history, metadata', () => {
  const parsed = transferSchema.parse(SAMPLE_TRANSFER_ANSWER);
  expect(parsed.transactions?.[0]?.amount).toBe(1);
  expect(parsed.status_history).toHaveLength(1);
  expect(parsed.external_data?.platform).toBe('ach');
  expect(parsed.metadata).toEqual({ note: 'sample' });
});

it("rehearses the transfer's page: parses the sample as an answer is parsed, draws all of it off the page", async () => {
  const parse = vi.spyOn(transferSchema, 'parse');
  const into = document.createElement('div');
  const onDone = vi.fn();
  render(
    <MantineProvider>
      <p>Create payment</p>
      <TransferRehearsal onDone={onDone} into={into} />
    </MantineProvider>,
  );
  await act(async () => {});
  expect(parse).toHaveBeenCalledWith(SAMPLE_TRANSFER_ANSWER);
  expect(into.querySelector('table[aria-label="Transfer details"]')).not.toBeNull();
  expect(into.querySelectorAll('table[aria-label="Transactions"] tbody tr')).toHaveLength(1);
  expect(into.querySelector('[aria-label="Status history"]')?.textContent).toContain('created');
  expect(onDone).toHaveBeenCalledTimes(1);
  expect(document.querySelector('table'), 'nothing of it in the document').toBeNull();
});
