// @vitest-environment jsdom
import { MantineProvider, TextInput } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { stubMatchMedia } from '../../components/test/match-media';

beforeAll(() => {
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
});

it("gives Mantine's inputs their id in the first render and keeps it: no second render as they mount", async () => {
  const idsAtCommit: string[] = [];
  render(
    <MantineProvider>
      <TextInput label="Amount (USD)" ref={(input) => void (input && idsAtCommit.push(input.id))} />
      <TextInput label="User ID" />
    </MantineProvider>,
  );
  await act(async () => {});
  const amount = screen.getByLabelText('Amount (USD)');
  expect(idsAtCommit[0]).toMatch(/^mantine-/);
  expect(amount.id, 'the id the input was committed with').toBe(idsAtCommit[0]);
  expect(screen.getByLabelText('User ID').id).not.toBe(amount.id);
});
