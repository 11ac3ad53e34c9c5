import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { MadeFlow } from '../../../api/onboarding';
import { Notice } from '../../../components/Notice';

/** Where a new link went: to the payee's inbox (never shown here), or to copy. */
export function MadeLink({ made }: { made: MadeFlow }) {
  const expires = made.expires_at ? `at ${made.expires_at.slice(11, 16)} UTC` : 'soon';
  if (made.delivery?.delivery === 'email') {
    return (
      <Notice tone="success" role="status" title="Onboarding link sent">
        <Text size="sm">
          Sent by email to {made.delivery.to}. It expires {expires}. You never see this link here: it can
          change where the payee's money goes, so it reaches them alone.
        </Text>
      </Notice>
    );
  }
  if (made.delivery?.delivery === 'failed' || made.delivery?.delivery === 'none') {
    return (
      <Notice tone="danger" role="alert" title="The link was made but not sent">
        <Text size="sm">
          {made.delivery.message ?? 'The mail could not be sent: make a new link to try again.'}
        </Text>
      </Notice>
    );
  }
  return (
    <Notice tone="success" role="status" title="Onboarding link made">
      <Stack gap="xs">
        <TextInput label="Onboarding link" readOnly value={made.link ?? ''} />
        <Group>
          <CopyButton value={made.link ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Link copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">
          Give it to the payee only: it opens their setup. It expires {expires}. You will not see it again.
        </Text>
      </Stack>
    </Notice>
  );
}
