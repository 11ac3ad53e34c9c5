// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { transferSchema } from '../../api/schemas';
import { stubMatchMedia } from '../../components/test/match-media';
import { SAMPLE_TRANSFER_ANSWER } from './sample-transfer';
import { useTransferRehearsal } from './use-transfer-rehearsal';

// The browser's idle callbacks, run by the test one idle period at a time.
const waiting: (() => void)[] = [];
beforeAll(() => {
  stubMatchMedia();
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => waiting.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
});

afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

let begin = () => {};
function Form() {
  const rehearsal = useTransferRehearsal();
  begin = rehearsal.begin;
  return rehearsal.rehearsal ? <p>rehearsing{rehearsal.rehearsal}</p> : null;
}

it('rehearses the transfer page in the idle period after the first begin, once, then unmounts it', async () => {
  const parse = vi.spyOn(transferSchema, 'parse');
  render(
    <MantineProvider>
      <Form />
    </MantineProvider>,
  );
  expect(waiting).toHaveLength(0);

  begin();
  begin(); // a second input asks for nothing more
  expect(waiting).toHaveLength(1);
  expect(parse).not.toHaveBeenCalled();

  // The idle period comes: the code loads and the rehearsal draws the sample.
  act(() => waiting.shift()?.());
  await waitFor(() => expect(screen.queryByText('rehearsing')).not.toBeNull(), { timeout: 5000 });
  await waitFor(() => expect(screen.queryByText('rehearsing')).toBeNull());
  expect(parse).toHaveBeenCalledTimes(1);
  expect(parse).toHaveBeenCalledWith(SAMPLE_TRANSFER_ANSWER);

  // Done once: a later visit of the page does not rehearse again.
  cleanup();
  render(
    <MantineProvider>
      <Form />
    </MantineProvider>,
  );
  begin();
  expect(waiting).toHaveLength(0);
});
