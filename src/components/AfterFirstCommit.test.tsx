// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { AfterFirstCommit } from './AfterFirstCommit';

// The commits as they happen: what the DOM held each time React finished one.
const commits: string[] = [];
function Probe({ name }: { name: string }) {
  useLayoutEffect(() => {
    commits.push(`${name}: ${document.body.textContent}`);
  });
  return null;
}

afterEach(() => {
  commits.length = 0;
  document.body.innerHTML = '';
});

it('puts its children in the commit after the one that mounts it', async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <>
        <h1>Heading</h1>
        <AfterFirstCommit>
          <p>Form</p>
          <Probe name="form" />
        </AfterFirstCommit>
        <Probe name="page" />
      </>,
    );
  });
  expect(commits[0]).toBe('page: Heading');
  expect(commits).toContain('form: HeadingForm');
  expect(container.textContent).toBe('HeadingForm');
  await act(async () => root.unmount());
});
