import { Button, Group } from '@mantine/core';
import { useSearchParams } from 'wouter';

/**
 * A list's filters and page, all in the URL: a filtered page is a link to share, and Back goes to the previous page.
 * Pages are the vendor's cursors (Stripe's): `starting_after` the last row for the next page, `ending_before` the
 * first row for the previous one.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => params.get(name) || undefined;
  const cursors = { starting_after: get('starting_after'), ending_before: get('ending_before') };

  /** A new filter starts again at the first page. */
  const setFilter = (name: string, value: string | null | undefined, options: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('starting_after');
    next.delete('ending_before');
    setParams(next, options);
  };
  const goTo = (cursor: 'starting_after' | 'ending_before', id: string | undefined) => {
    if (!id) return;
    const next = new URLSearchParams(params);
    next.delete('starting_after');
    next.delete('ending_before');
    next.set(cursor, id);
    setParams(next);
  };
  return { get, cursors, setFilter, goTo };
}

interface PagerProps {
  cursors: { starting_after?: string | undefined; ending_before?: string | undefined };
  /** The answer's `has_more`: more rows beyond this page in the direction it was asked for. */
  hasMore: boolean;
  firstId: string | undefined;
  lastId: string | undefined;
  goTo: (cursor: 'starting_after' | 'ending_before', id: string | undefined) => void;
}

/** Previous and Next: which exist depends on the direction the page was asked for. */
export function Pager({ cursors, hasMore, firstId, lastId, goTo }: PagerProps) {
  const cameBackward = Boolean(cursors.ending_before);
  const hasNext = cameBackward ? true : hasMore;
  const hasPrevious = cameBackward ? hasMore : Boolean(cursors.starting_after);
  return (
    <Group>
      <Button variant="default" disabled={!hasPrevious} onClick={() => goTo('ending_before', firstId)}>
        Previous page
      </Button>
      <Button variant="default" disabled={!hasNext} onClick={() => goTo('starting_after', lastId)}>
        Next page
      </Button>
    </Group>
  );
}
