import { Code, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { Notice } from './Notice';

/** A failed call as the operator needs it: the service's own message, and the request id to quote to support. */
export function ApiErrorAlert({
  error,
  title,
  children,
}: {
  error: unknown;
  title?: string;
  children?: ReactNode;
}) {
  const apiError = error instanceof ApiError ? error : null;
  const heading =
    title ??
    (apiError?.isNetworkError
      ? 'No answer from the server'
      : apiError
        ? `The request failed (${apiError.status})`
        : 'Something went wrong');
  return (
    <Notice tone="danger" title={heading} role="alert">
      <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
      {apiError?.requestId && (
        <Text size="sm" mt={4}>
          Request id: <Code>{apiError.requestId}</Code>
        </Text>
      )}
      {children}
    </Notice>
  );
}
