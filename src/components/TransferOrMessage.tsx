import { Anchor, Text } from '@mantine/core';
import { Link } from 'wouter';

/** A transfer's id, opening it in a new tab; or the words of an error. */
export function TransferOrMessage({
  outcome,
}: {
  outcome: { transferId: string } | { message: string } | object;
}) {
  if ('transferId' in outcome) {
    return (
      <Anchor
        component={Link}
        to={`/transfers/${outcome.transferId}`}
        target="_blank"
        ff="monospace"
        size="sm"
      >
        {outcome.transferId}
      </Anchor>
    );
  }
  return 'message' in outcome ? <Text size="sm">{outcome.message}</Text> : null;
}
