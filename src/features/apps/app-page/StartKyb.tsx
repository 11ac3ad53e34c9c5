import { Button, CopyButton, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useStartKyb } from '../../../api/app-onboarding';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { Notice } from '../../../components/Notice';
import { Section } from '../../../components/Section';
import { formatDateTime } from '../../../lib/dates';
import { APP_STATUS } from './app-status';

/** The app's verification, and a KYB link for the business's representative while it is not verified yet. */
export function StartKyb({ appId, status }: { appId: string; status: string | null | undefined }) {
  const start = useStartKyb();
  const made = start.data;
  // The service makes a KYB link only for an app not yet verified nor in review (the vendor's document).
  const unavailable =
    status && status !== 'created'
      ? `Unavailable: this app is ${(APP_STATUS[status] ?? status).toLowerCase()}, and the service makes a KYB link only for an app not yet verified`
      : null;
  return (
    <Section title="KYB">
      <Stack>
        <Table variant="vertical" aria-label="KYB" layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Verification</Table.Th>
              <Table.Td>{status ? (APP_STATUS[status] ?? status) : '—'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm">
          A KYB link lets the business's representative finish verification with the payout service. It
          expires in 72 hours; a new one replaces the last.
        </Text>
        <Group>
          <Button
            variant="default"
            loading={start.isPending}
            disabled={Boolean(unavailable)}
            aria-describedby={unavailable ? `${appId}-kyb-unavailable` : undefined}
            onClick={() => start.mutate(appId)}
          >
            Start KYB
          </Button>
        </Group>
        {unavailable && (
          <Text size="sm" id={`${appId}-kyb-unavailable`}>
            {unavailable}
          </Text>
        )}
        {start.isError && <ApiErrorAlert error={start.error} title="The KYB link was not made" />}
        {made && (
          <Notice tone="success" role="status" title="KYB link made">
            <Stack gap="xs">
              <TextInput label="KYB link" readOnly value={made.url} />
              <Group>
                <CopyButton value={made.url}>
                  {({ copied, copy }) => (
                    <Button variant="default" onClick={copy}>
                      {copied ? 'Link copied' : 'Copy link'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="sm">
                It expires {made.expires_at ? `at ${formatDateTime(made.expires_at)}` : 'in 72 hours'}.
              </Text>
            </Stack>
          </Notice>
        )}
      </Stack>
    </Section>
  );
}
