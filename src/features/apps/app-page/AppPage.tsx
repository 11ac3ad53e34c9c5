import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { appQueries } from '../../../api/apps';
import { ApiError } from '../../../api/client';
import { useCan } from '../../../api/permissions';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert';
import { Notice } from '../../../components/Notice';
import { Section } from '../../../components/Section';
import { ComplianceForm } from './ComplianceForm';
import { ComplianceView } from './ComplianceView';
import { StartKyb } from './StartKyb';

/** An app: its compliance record (view, edit by finance), its KYB link, and the copy of another app's record. */
export function AppPage() {
  const { appId = '' } = useParams();
  const app = useQuery(appQueries.detail(appId));
  const compliance = useQuery({ ...appQueries.compliance(appId), retry: false });
  const mayEdit = useCan('pay');
  const mayCopy = useCan('admin');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const name = app.data?.name ?? 'App';
  const none = compliance.error instanceof ApiError && compliance.error.status === 404;
  return (
    <Stack maw={960}>
      <Title order={1}>{name}</Title>
      <Group>
        <Anchor component={Link} to="/apps">
          Back to apps
        </Anchor>
      </Group>
      {app.isError && <ApiErrorAlert error={app.error} title="The app could not be read" />}
      <Section title="Compliance">
        <Stack>
          {compliance.data && <ComplianceView record={compliance.data} />}
          {none && <Text size="sm">No compliance record yet.</Text>}
          {compliance.isError && !none && (
            <ApiErrorAlert error={compliance.error} title="The compliance record could not be read" />
          )}
          {saved && (
            <Notice tone="success" role="status" title="Compliance saved">
              The EIN and the director's SSN are kept by their last four digits.
            </Notice>
          )}
          {mayEdit && !editing && (
            <Group>
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit compliance
              </Button>
              {mayCopy && (
                <Anchor component={Link} to="/onboarding/apps/copy-compliance">
                  Copy compliance from another app
                </Anchor>
              )}
            </Group>
          )}
          {mayEdit && editing && (
            <ComplianceForm
              appId={appId}
              onSaved={() => {
                setEditing(false);
                setSaved(true);
                void compliance.refetch();
                // Saving a record can verify the app (the sandbox approves one it had not): its KYB status is read again.
                void app.refetch();
              }}
            />
          )}
        </Stack>
      </Section>
      {mayEdit && <StartKyb appId={appId} status={app.data?.status} />}
    </Stack>
  );
}
