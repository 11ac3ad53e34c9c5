// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanNotifications, notifications } from '@mantine/notifications';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { stubMatchMedia } from '../../components/test/match-media';
import { NotificationsWhenShown } from './NotificationsWhenShown';

beforeAll(() => {
  stubMatchMedia();
});

afterEach(() => {
  act(() => cleanNotifications());
  cleanup();
});

const notificationRoots = () => document.querySelectorAll('.mantine-Notifications-root');

it('mounts nothing until a notification is shown, then shows it, and stays mounted once it is gone', async () => {
  render(
    <MantineProvider>
      <NotificationsWhenShown />
    </MantineProvider>,
  );
  expect(notificationRoots()).toHaveLength(0);

  await act(async () => {
    notifications.show({ title: 'Nothing found', message: 'No transfer, user or app has that id' });
  });
  expect(screen.getByText('Nothing found')).toBeTruthy();
  expect(notificationRoots().length).toBeGreaterThan(0);

  await act(async () => cleanNotifications());
  expect(notificationRoots().length, 'kept, so that a later one needs no mount').toBeGreaterThan(0);
});

it('shows a notification that came before it was rendered (a part that failed to load as the page opened)', async () => {
  act(() => {
    notifications.show({ title: 'The request log did not load', message: 'Check the connection' });
  });
  render(
    <MantineProvider>
      <NotificationsWhenShown />
    </MantineProvider>,
  );
  await act(async () => {});
  expect(screen.getByText('The request log did not load')).toBeTruthy();
});
