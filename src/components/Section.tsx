import { Paper, Title } from '@mantine/core';

/** One part of a page: a bordered panel under its heading (`id` lets a link land on it). */
export function Section({ title, id, children }: { title: string; id?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" id={id}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
