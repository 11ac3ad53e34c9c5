import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { runtimeConfigQuery } from '../api/runtime-config';

/** Always shows where requests go: the local sandbox, or the upstream host (red when real money moves). */
export function EnvironmentBadge() {
  const { data, isError } = useQuery(runtimeConfigQuery);
  if (isError) return <Badge color="gray.8">Environment unknown</Badge>;
  if (!data) return null;
  if (data.mode === 'sandbox') {
    return (
      <Badge color="teal.9" variant="filled" title="Requests go to the embedded sandbox; no money moves">
        Sandbox
      </Badge>
    );
  }
  const production = data.production;
  return (
    <Badge
      color={production ? 'red.9' : 'indigo.9'}
      variant="filled"
      tt="none"
      title={production ? 'Production: real money moves' : 'A test upstream'}
    >
      {production ? `Production · ${data.upstream}` : data.upstream}
    </Badge>
  );
}
