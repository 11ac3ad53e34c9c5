import { Paper, Title } from '@mantine/core';

/** One part of an app's page: a bordered panel under its heading. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
